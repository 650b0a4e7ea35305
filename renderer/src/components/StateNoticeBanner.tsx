import { useState } from 'react';
import { useStateNotices } from '../hooks/contract-queries.ts';
import './state-notice-banner.css';

/**
 * Tells the user, once a run, about the app's own files that could not be read at start and were
 * kept aside (settings, the download queue, the record-count index): which file, where it went,
 * why, and what it means. Dismissed for the run; the log has the same lines.
 */
export function StateNoticeBanner() {
  const notices = useStateNotices();
  const [dismissed, setDismissed] = useState(false);
  const list = notices.data?.notices ?? [];
  if (dismissed || list.length === 0) return null;
  return (
    <section className="state-notice" role="alert" aria-label="Files the app could not read">
      <div className="state-notice-head">
        <strong>{list.length === 1 ? 'A file of the app could not be read and was kept aside' : `${list.length} files of the app could not be read and were kept aside`}</strong>
        <button type="button" className="state-notice-dismiss" onClick={() => setDismissed(true)} autoFocus>
          Dismiss
        </button>
      </div>
      <ul>
        {list.map((notice) => (
          <li key={`${notice.path}|${notice.at}`}>
            <span className="state-notice-file">{notice.file}</span>: {notice.reason}. {notice.keptAs === null ? 'It was left where it is.' : <>Kept as <code>{notice.keptAs}</code>.</>} {notice.meaning}
          </li>
        ))}
      </ul>
    </section>
  );
}
