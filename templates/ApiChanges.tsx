import type { ReactNode } from 'react';
import type { ApiChangeView, ApiChangesView } from '../src/shared/api-views.js';
import { formatThemeString, type ThemeStringKey } from '../src/shared/theme-strings.js';

export type { ApiChangeView, ApiChangesView } from '../src/shared/api-views.js';

const kindLabels: Record<ApiChangeView['kind'], ThemeStringKey> = {
  removed: 'apiChangeRemoved',
  changed: 'apiChangeChanged',
  deprecated: 'apiChangeDeprecated',
  added: 'apiChangeAdded',
};

/** Ids of the page's two sections, for its table of contents. */
export const apiChangesSectionIds = { breaking: 'breaking-changes', other: 'other-changes' } as const;

function ChangeList({ changes, fromLabel, toLabel }: { changes: ApiChangeView[]; fromLabel: string; toLabel: string }) {
  return (
    <ul className="api-changes">
      {changes.map((change) => (
        <li key={`${change.kind} ${change.name}`} className={`api-change api-change-${change.kind}`}>
          <span className="api-change-kind">{formatThemeString(kindLabels[change.kind])}</span> <code>{change.name}</code>{' '}
          <span className="api-change-symbol-kind">({change.symbolKind})</span>
          {change.fromHref ? (
            <>
              {' '}
              <a href={change.fromHref}>{fromLabel}</a>
            </>
          ) : null}
          {change.toHref ? (
            <>
              {' '}
              <a href={change.toHref}>{toLabel}</a>
            </>
          ) : null}
          {change.details.length > 0 ? (
            <ul>
              {change.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The "API changes" page of a version: breaking changes first, each linking to both versions' pages. */
export function ApiChangesContent({ view, mobileToc }: { view: ApiChangesView; mobileToc?: ReactNode }) {
  const breaking = view.changes.filter((change) => change.breaking);
  const other = view.changes.filter((change) => !change.breaking);
  return (
    <>
      <h1>{formatThemeString('apiChangesTitle', { version: view.toLabel })}</h1>
      {mobileToc}
      <p>
        {view.changes.length === 0
          ? formatThemeString('apiChangesNone', { from: view.fromLabel })
          : formatThemeString('apiChangesIntro', { from: view.fromLabel, to: view.toLabel, breaking: breaking.length, count: view.changes.length })}
      </p>
      {breaking.length > 0 ? (
        <>
          <h2 id={apiChangesSectionIds.breaking}>{formatThemeString('apiChangesBreaking')}</h2>
          <ChangeList changes={breaking} fromLabel={view.fromLabel} toLabel={view.toLabel} />
        </>
      ) : null}
      {other.length > 0 ? (
        <>
          <h2 id={apiChangesSectionIds.other}>{formatThemeString('apiChangesOther')}</h2>
          <ChangeList changes={other} fromLabel={view.fromLabel} toLabel={view.toLabel} />
        </>
      ) : null}
    </>
  );
}
