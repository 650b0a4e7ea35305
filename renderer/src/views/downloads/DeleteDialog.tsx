import { dialogStoreHandlers, useStoreDialog } from '../../hooks/use-store-dialog.ts';
import { countOf } from './transfer-format.ts';

/** Props of the delete confirmation. */
export interface DeleteDialogProps {
  /** The files to delete; null when no confirmation is asked. */
  keys: readonly string[] | null;
  onConfirm: (keys: string[]) => void;
  onClose: () => void;
}

/** Asks before deleting library files: they are gone from disk, and downloading them again costs transfer. Cancel has the focus. */
export function DeleteDialog({ keys, onConfirm, onClose }: DeleteDialogProps) {
  const dialog = useStoreDialog(keys !== null, '.dialog-cancel');
  const shown = keys ?? [];
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-title" {...dialogStoreHandlers(onClose)}>
      <h2 id="delete-title">Delete {countOf(shown.length, 'file')} from the library?</h2>
      <p className="muted">The files are removed from disk. Downloading them again costs the transfer again.</p>
      <ul className="confirm-list mono">
        {shown.slice(0, 8).map((key) => (
          <li key={key}>{key}</li>
        ))}
        {shown.length > 8 && <li>and {shown.length - 8} more</li>}
      </ul>
      <div className="button-row">
        <button type="button" className="button dialog-cancel" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button danger-solid"
          onClick={() => {
            onConfirm([...shown]);
            onClose();
          }}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
