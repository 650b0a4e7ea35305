import { useRef, useState, type SyntheticEvent } from 'react';
import { useKeyActions, useKeyStatus, useUsage } from '../../hooks/contract-queries.ts';
import { useSettingsFocus } from '../../hooks/use-settings-focus.ts';
import { useUiStore } from '../../stores/ui-store.ts';

function figure(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toLocaleString('en-US');
}

/**
 * The remote service's API key: stored in the OS keychain by the main process. This form sends
 * the key once and only ever gets back whether one is stored and its last four characters.
 */
export function ApiKeySection() {
  const status = useKeyStatus();
  const { save, remove } = useKeyActions();
  const returnFromSettings = useUiStore((state) => state.returnFromSettings);
  const usage = useUsage();
  const [key, setKey] = useState('');
  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    save.mutate(key, {
      onSuccess: () => {
        setKey('');
        // Sent here by "Add API key": back to where the user was, which now loads with the key.
        returnFromSettings();
      },
    });
  };
  const current = status.data;
  const error = save.error ?? remove.error;
  const keyInput = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLFormElement>(null);
  // Sent here by "Add API key": the key field when a remote service is configured, else the section that says why not.
  useSettingsFocus('api-key', current?.baseUrl === null ? section : keyInput, current !== undefined);
  return (
    <form ref={section} tabIndex={-1} className="panel settings-section" onSubmit={onSubmit} aria-labelledby="key-title">
      <header className="panel-header" id="key-title">
        API key
      </header>
      <div className="panel-body">
        <p className="muted" data-testid="key-status">
          {current === undefined
            ? 'Checking…'
            : current.baseUrl === null
              ? 'Configure a remote service to store its key. The embedded demo needs none.'
              : current.hasKey
                ? `A key ending in ${current.last4 ?? ''} is stored ${current.storage === 'keychain' ? 'in the OS keychain' : 'for this session only'} for ${current.baseUrl}.`
                : `No key stored for ${current.baseUrl}: only the anonymous windows (latest 10 minutes / hour) are available.`}
        </p>
        {current?.warning !== null && current?.warning !== undefined && (
          <p className="warning-text" role="status">
            {current.warning}
          </p>
        )}
        <label className="field">
          <span className="field-label">New key (kept in the OS keychain, never on disk in clear)</span>
          <input ref={keyInput} type="password" autoComplete="off" spellCheck={false} value={key} disabled={current?.baseUrl === null} onChange={(event) => setKey(event.target.value)} />
        </label>
        {error !== null && (
          <p className="error-text" role="alert">
            {error.message}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button primary" disabled={key.trim() === '' || save.isPending}>
            {current?.hasKey === true ? 'Replace key' : 'Save key'}
          </button>
          <button type="button" className="button" disabled={current?.hasKey !== true || remove.isPending} onClick={() => remove.mutate()}>
            Delete key
          </button>
        </div>
        <dl className="facts" aria-label="Usage">
          <div className="fact">
            <dt>Requests left</dt>
            <dd data-testid="usage-rate">
              {figure(usage.data?.rateLimit?.remaining)} of {figure(usage.data?.rateLimit?.limit)} (resets in {figure(usage.data?.rateLimit?.resetSeconds)} s)
            </dd>
          </div>
          <div className="fact">
            <dt>Monthly /events</dt>
            <dd>
              {figure(usage.data?.monthly?.remaining)} of {figure(usage.data?.monthly?.limit)}
            </dd>
          </div>
        </dl>
      </div>
    </form>
  );
}
