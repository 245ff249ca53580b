import { Fragment, type ReactNode } from 'react';
import { formatThemeString } from '../../src/shared/theme-strings.js';
import { Link } from '../Link.js';
import {
  AnchoredHeading,
  CodeLine,
  CommentDetails,
  CommentIntro,
  hasText,
  TextContent,
  LinkOrText,
  Member,
  Signature,
  SourceLine,
  TypeParameters,
} from './ApiParts.js';
import type { ApiIndexGroupView, ApiIndexItemView, ApiIndexView, ApiSymbolView, LinkView } from '../../src/shared/api-views.js';

/**
 * The page of one class, interface, enum, function, type alias, variable or namespace.
 * `mobileToc`: the "On this page" box, which goes below the title (the content's HTML holds it).
 */
export function ApiSymbolPage({ symbol, mobileToc }: { symbol: ApiSymbolView; mobileToc?: ReactNode }) {
  const { hierarchy } = symbol;
  const count = symbol.signatures.length;
  return (
    <div className={`api-page api-page-${symbol.kind}`}>
      <header className="api-header">
        <span className={`api-kind api-kind-${symbol.kind}`}>{symbol.kindLabel}</span>
        <h1 className={symbol.deprecated ? 'api-deprecated-name' : undefined}>
          <BreakableName name={symbol.name} />
        </h1>
      </header>
      {mobileToc}
      {symbol.declaration ? <CodeLine tokens={symbol.declaration} /> : null}
      <CommentIntro comment={symbol.comment} />
      <TypeParameters parameters={symbol.typeParameters} />
      <Relations label={formatThemeString('apiExtendedBy')} links={hierarchy.extendedBy} />
      <Relations label={formatThemeString('apiImplementedBy')} links={hierarchy.implementedBy} />
      <CommentDetails comment={symbol.comment} />
      {symbol.source ? <SourceLine source={symbol.source} /> : null}
      {symbol.signatures.map((signature, index) => (
        <Signature key={index} signature={signature} overload={count > 1 ? { index: index + 1, count } : undefined} />
      ))}
      {symbol.children.length > 0 ? <IndexItems items={symbol.children} /> : null}
      <Sections sections={symbol.sections} />
      {symbol.memberGroups.map((group) => (
        <details key={group.id} id={group.id} className="api-member-group">
          <summary className="api-member-group-title">{group.title}</summary>
          <Sections sections={group.sections} />
        </details>
      ))}
    </div>
  );
}

function Sections({ sections }: { sections: ApiSymbolView['sections'] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} className="api-section">
          <AnchoredHeading level={2} id={section.id} label={section.title}>
            {section.title}
          </AnchoredHeading>
          {section.members.map((member) => (
            <Member key={member.id} member={member} />
          ))}
        </section>
      ))}
    </>
  );
}

/** A long camelCase name may wrap between its words (`ForwardToPlugins|MessageMap`), never inside one. */
function BreakableName({ name }: { name: string }) {
  const words = name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=\.)/);
  return (
    <>
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {word}
        </Fragment>
      ))}
    </>
  );
}

function Relations({ label, links }: { label: string; links: LinkView[] }) {
  if (links.length === 0) return null;
  return (
    <p className="api-relation">
      {label}{' '}
      {links.map((link, index) => (
        <span key={index}>
          {index > 0 ? ', ' : null}
          <LinkOrText link={link} />
        </span>
      ))}
    </p>
  );
}

function IndexItems({ items }: { items: ApiIndexItemView[] }) {
  return (
    <dl className="api-index-list">
      {items.map((item) => (
        <div key={item.href} className="api-index-item">
          <dt>
            <Link to={item.href} className={item.deprecated ? 'api-deprecated-name' : undefined}>
              <code>{item.name}</code>
              {item.deprecated ? <span className="sr-only"> {formatThemeString('apiDeprecatedHidden')}</span> : null}
            </Link>
          </dt>
          <dd>{hasText(item.summary) ? <TextContent text={item.summary} /> : null}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The API root: every symbol grouped by kind, each with its summary. */
export function ApiIndexPage({ index, mobileToc }: { index: ApiIndexView; mobileToc?: ReactNode }) {
  return (
    <div className="api-page api-page-index">
      <h1>{index.title}</h1>
      {mobileToc}
      {hasText(index.intro) ? <TextContent text={index.intro} className="api-summary" /> : null}
      <IndexGroups groups={index.groups} level={2} />
      {index.modules.map((module) => (
        <section key={module.id} className="api-module">
          <AnchoredHeading level={2} id={module.id} label={module.title}>
            <code>{module.title}</code>
          </AnchoredHeading>
          {hasText(module.intro) ? <TextContent text={module.intro} className="api-summary" /> : null}
          <IndexGroups groups={module.groups} level={3} />
        </section>
      ))}
    </div>
  );
}

function IndexGroups({ groups, level }: { groups: ApiIndexGroupView[]; level: 2 | 3 }) {
  return (
    <>
      {groups.map((group) => (
        <section key={group.id} className="api-section">
          <AnchoredHeading level={level} id={group.id} label={group.title}>
            {group.title}
          </AnchoredHeading>
          <IndexItems items={group.items} />
        </section>
      ))}
    </>
  );
}
