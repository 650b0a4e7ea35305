import { useRef, useState, type SyntheticEvent } from 'react';
import type { DataSourceKind, Settings } from '../../../../shared/settings.ts';
import { dataSourcePatch, defaultLibraryRootShown } from './data-source-form.ts';
import { FactList } from '../../components/FactList.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { ApiKeySection } from './ApiKeySection.tsx';
import { useAppInfo, useCheckHealth, useHealth, useSettings, useUpdateSettings } from '../../hooks/contract-queries.ts';
import { useSettingsFocus } from '../../hooks/use-settings-focus.ts';

/** Settings: the data source, display preferences and facts about the app. */
export function SettingsView() {
  const settings = useSettings();
  return (
    <ViewFrame title="Settings" subtitle="Saved in the user-data folder; API keys never are">
      {settings.data === undefined ? (
        <p className="muted">{settings.isError ? settings.error.message : 'Loading settings…'}</p>
      ) : (
        <div className="settings-grid">
          <DataSourceSection settings={settings.data} />
          <ApiKeySection />
          <DisplaySection settings={settings.data} />
          <AboutSection />
        </div>
      )}
    </ViewFrame>
  );
}

function DataSourceSection({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const check = useCheckHealth();
  const health = useHealth();
  const info = useAppInfo();
  const defaultFolder = info.data === undefined ? null : defaultLibraryRootShown(info.data.userDataDir);
  const savedFolder = settings.libraryRoot ?? defaultFolder ?? '';
  const [kind, setKind] = useState<DataSourceKind>(settings.dataSource);
  const [baseUrl, setBaseUrl] = useState(settings.remoteBaseUrl ?? '');
  // Null until edited: the saved folder (or the default, once app info arrives) is shown.
  const [folderEdit, setFolderEdit] = useState<string | null>(null);
  const folder = folderEdit ?? savedFolder;
  const onSubmit = (event: SyntheticEvent): void => {
    event.preventDefault();
    update.mutate(dataSourcePatch(kind, baseUrl, folder, defaultFolder), { onSuccess: () => setFolderEdit(null) });
  };
  const onCancel = (): void => {
    setKind(settings.dataSource);
    setBaseUrl(settings.remoteBaseUrl ?? '');
    setFolderEdit(null);
    update.reset();
  };
  const dirty =
    kind !== settings.dataSource ||
    (kind === 'remote' && baseUrl !== (settings.remoteBaseUrl ?? '')) ||
    (kind === 'library' && folder.trim() !== savedFolder);
  const shown = check.data ?? health.data;
  const baseUrlInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLFormElement>(null);
  // Sent here by "Check data source": the base URL of a remote service, the library's folder, else the section itself.
  useSettingsFocus('data-source', kind === 'remote' ? baseUrlInput : kind === 'library' ? folderInput : section, true);
  return (
    <form ref={section} tabIndex={-1} className="panel settings-section" onSubmit={onSubmit} aria-labelledby="ds-title" data-testid="data-source-settings">
      <header className="panel-header" id="ds-title">
        Data source
      </header>
      <div className="panel-body">
        <label className="choice">
          <input type="radio" name="source" checked={kind === 'embedded'} onChange={() => setKind('embedded')} />
          <span>
            <strong>Embedded demo service</strong>
            <span className="muted"> — deterministic simulated markets on this machine; no account, no network.</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="source" checked={kind === 'remote'} onChange={() => setKind('remote')} />
          <span>
            <strong>Remote Market Data Service</strong>
            <span className="muted"> — real historical data; an API key unlocks older ranges.</span>
          </span>
        </label>
        <label className="field field-indented">
          <span className="field-label">Base URL</span>
          <input
            ref={baseUrlInput}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://api.example.com"
            value={baseUrl}
            disabled={kind !== 'remote'}
            onChange={(event) => setBaseUrl(event.target.value)}
            aria-invalid={update.isError && kind === 'remote'}
            aria-describedby="ds-error"
          />
        </label>
        <label className="choice">
          <input type="radio" name="source" checked={kind === 'library'} onChange={() => setKind('library')} />
          <span>
            <strong>Local library (offline)</strong>
            <span className="muted"> — snapshot files you downloaded, served on this machine; no network, no key.</span>
          </span>
        </label>
        <label className="field field-indented">
          <span className="field-label">Library folder</span>
          <input
            ref={folderInput}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder={defaultFolder ?? '/home/me/market-data'}
            value={folder}
            disabled={kind !== 'library'}
            onChange={(event) => setFolderEdit(event.target.value)}
            aria-invalid={update.isError && kind === 'library'}
            aria-describedby="ds-folder-hint ds-error"
            data-testid="library-folder"
          />
          <span className="field-hint muted" id="ds-folder-hint">
            An absolute path. Files in <code>data/standard/…</code> (the public tool&apos;s layout) or <code>{'{source}/{market}/{date}/'}</code> are served.
            {defaultFolder !== null && folder.trim() !== defaultFolder && kind === 'library' && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => setFolderEdit(defaultFolder)}>
                  Use the default folder
                </button>
              </>
            )}
          </span>
        </label>
        {update.isError && (
          <p className="error-text" id="ds-error" role="alert">
            {update.error.issues[0]?.message ?? update.error.message}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={onCancel} disabled={!dirty || update.isPending}>
            Cancel
          </button>
          <button type="button" className="button" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? 'Testing…' : settings.dataSource === 'library' ? 'Check library' : 'Test connection'}
          </button>
          {shown !== undefined && (
            <span className={`health-inline health-text-${shown.status}`} data-testid="connection-result">
              {shown.message}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}

function DisplaySection({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const ui = settings.ui;
  return (
    <section className="panel settings-section" aria-labelledby="display-title">
      <header className="panel-header" id="display-title">
        Display
      </header>
      <div className="panel-body">
        <label className="field">
          <span className="field-label">Times shown in</span>
          <select value={ui.timeZone} onChange={(e) => update.mutate({ ui: { timeZone: e.target.value === 'local' ? 'local' : 'utc' } })}>
            <option value="utc">UTC (as the service stores them)</option>
            <option value="local">Local time zone</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Density</span>
          <select value={ui.density} onChange={(e) => update.mutate({ ui: { density: e.target.value === 'comfortable' ? 'comfortable' : 'compact' } })}>
            <option value="compact">Compact</option>
            <option value="comfortable">Comfortable</option>
          </select>
        </label>
        <label className="choice">
          <input type="checkbox" checked={ui.reduceMotion} onChange={(e) => update.mutate({ ui: { reduceMotion: e.target.checked } })} />
          <span>Reduce motion (no animated transitions)</span>
        </label>
      </div>
    </section>
  );
}

function AboutSection() {
  const info = useAppInfo();
  const rows: [string, string][] =
    info.data === undefined
      ? []
      : [
          ['Version', info.data.version],
          ['Running as', info.data.mode === 'electron' ? `Desktop (Electron ${info.data.electronVersion ?? ''})` : 'Browser mode'],
          ['Node', info.data.nodeVersion],
          ['Platform', info.data.platform],
          ['User data', info.data.userDataDir],
        ];
  return (
    <section className="panel settings-section" aria-labelledby="about-title">
      <header className="panel-header" id="about-title">
        About
      </header>
      <FactList facts={rows} />
    </section>
  );
}
