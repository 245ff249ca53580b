import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { formatThemeString } from '../../src/shared/theme-strings.js';
import { Link } from '../Link.js';
import { markdownComponents } from '../markdown-components.js';
import type {
  ApiText,
  CommentView,
  LinkView,
  MemberView,
  ParameterView,
  PropertyView,
  SignatureView,
  SourceView,
  TokenView,
  TypeParameterView,
} from '../../src/shared/api-views.js';

/**
 * TSDoc as the markdown pipeline compiled it (text, links, highlighted examples), rendered with the
 * elements docs' content gets (`markdownComponents`), so it reads like the docs.
 */
export function TextContent({ text, className }: { text: ApiText; className?: string }) {
  return <div className={className}>{toJsxRuntime(text, { Fragment, jsx, jsxs, components: markdownComponents })}</div>;
}

/** Whether a piece of TSDoc has anything to show (a bare `@deprecated` has not). */
export function hasText(text: ApiText | undefined): text is ApiText {
  return text !== undefined && text.children.length > 0;
}

/** Type tokens as code; names with a page of their own are links. */
export function Tokens({ tokens }: { tokens: TokenView[] }) {
  return (
    <>
      {tokens.map((token, index) => {
        const className = token.kind ? `api-token-${token.kind}` : undefined;
        return token.href ? (
          <Link key={index} to={token.href} className={`api-type-link${className ? ` ${className}` : ''}`}>
            {token.text}
          </Link>
        ) : (
          <span key={index} className={className}>
            {token.text}
          </span>
        );
      })}
    </>
  );
}

/** A signature or declaration as a code block; focusable like code blocks, so a long one can be scrolled from the keyboard. */
export function CodeLine({ tokens }: { tokens: TokenView[] }) {
  return (
    <pre className="api-signature" tabIndex={0}>
      <code>
        <Tokens tokens={tokens} />
      </code>
    </pre>
  );
}

/** An inline type: `string | undefined`. */
export function InlineType({ tokens }: { tokens: TokenView[] }) {
  return (
    <code className="api-type">
      <Tokens tokens={tokens} />
    </code>
  );
}

export function LinkOrText({ link }: { link: LinkView }) {
  return link.href ? (
    <Link to={link.href}>
      <code>{link.text}</code>
    </Link>
  ) : (
    <code>{link.text}</code>
  );
}

/** A heading with a stable id and the `Direct link to …` anchor that docs headings have. */
export function AnchoredHeading({ level, id, label, children, className }: { level: 2 | 3; id: string; label: string; children: ReactNode; className?: string }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className={className}>
      {children}
      <a className="hash-link" aria-label={formatThemeString('directLink', { heading: label })} href={`#${id}`}>
        #
      </a>
    </Tag>
  );
}

/** A label above a block of the comment, such as Parameters or Example; not part of the outline. */
function BlockTitle({ children }: { children: ReactNode }) {
  return <p className="api-block-title">{children}</p>;
}

export function Deprecation({ text }: { text: ApiText }) {
  return (
    <div className="admonition admonition-danger api-deprecation" role="note">
      <p className="admonition-title">{formatThemeString('apiDeprecated')}</p>
      {hasText(text) ? <TextContent text={text} /> : null}
    </div>
  );
}

export function SourceLine({ source }: { source: SourceView }) {
  return (
    <p className="api-source">
      {formatThemeString('apiDefinedIn')}{' '}
      {source.href ? (
        <Link href={source.href} className="api-source-link">
          {source.label}
        </Link>
      ) : (
        <span>{source.label}</span>
      )}
    </p>
  );
}

/** Summary, deprecation and remarks: the text before the details. */
export function CommentIntro({ comment }: { comment: CommentView }) {
  return (
    <>
      {comment.deprecated !== undefined ? <Deprecation text={comment.deprecated} /> : null}
      {comment.modifiers.length > 0 ? (
        <p className="api-badges">
          {comment.modifiers.map((modifier) => (
            <span key={modifier} className={`api-badge api-badge-${modifier}`}>
              {modifier}
            </span>
          ))}
        </p>
      ) : null}
      {hasText(comment.summary) ? <TextContent text={comment.summary} className="api-summary" /> : null}
      {hasText(comment.remarks) ? <TextContent text={comment.remarks} className="api-remarks" /> : null}
    </>
  );
}

/** Default value, throws, examples, see-also and other tags: the details after parameters and returns. */
export function CommentDetails({ comment }: { comment: CommentView }) {
  return (
    <>
      {hasText(comment.defaultValue) ? (
        <div className="api-block api-default-value">
          <BlockTitle>{formatThemeString('apiDefaultValue')}</BlockTitle>
          <TextContent text={comment.defaultValue} />
        </div>
      ) : null}
      {comment.throws.length > 0 ? (
        <div className="api-block api-throws">
          <BlockTitle>{formatThemeString('apiThrows')}</BlockTitle>
          <ul>
            {comment.throws.map((text, index) => (
              <li key={index}>
                <TextContent text={text} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {comment.examples.map((example, index) => (
        <div key={index} className="api-block api-example">
          <BlockTitle>
            {formatThemeString('apiExample')}
            {example.title ? `: ${example.title}` : null}
          </BlockTitle>
          <TextContent text={example.text} />
        </div>
      ))}
      {comment.see.length > 0 ? (
        <div className="api-block api-see">
          <BlockTitle>{formatThemeString('apiSeeAlso')}</BlockTitle>
          <ul>
            {comment.see.map((text, index) => (
              <li key={index}>
                <TextContent text={text} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {comment.otherTags.map((tag, index) => (
        <div key={index} className={`api-block api-tag-${tag.tag}`}>
          <BlockTitle>{tag.tag.charAt(0).toUpperCase() + tag.tag.slice(1)}</BlockTitle>
          <TextContent text={tag.text} />
        </div>
      ))}
    </>
  );
}

export function TypeParameters({ parameters }: { parameters: TypeParameterView[] }) {
  if (parameters.length === 0) return null;
  return (
    <div className="api-block api-type-parameters">
      <BlockTitle>{formatThemeString('apiTypeParameters')}</BlockTitle>
      <ul className="api-parameter-list">
        {parameters.map((parameter) => (
          <li key={parameter.name}>
            <code className="api-type api-parameter-head">
              <span className="api-parameter-name">{parameter.name}</span>
              {parameter.constraint ? (
                <>
                  <span className="api-token-keyword"> extends </span>
                  <Tokens tokens={parameter.constraint} />
                </>
              ) : null}
              {parameter.default ? (
                <>
                  <span className="api-token-punctuation"> = </span>
                  <Tokens tokens={parameter.default} />
                </>
              ) : null}
            </code>
            {hasText(parameter.description) ? <TextContent text={parameter.description} className="api-parameter-description" /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The properties of an inline object type, nested as deep as the type goes. */
export function PropertyList({ properties }: { properties: PropertyView[] }) {
  if (properties.length === 0) return null;
  return (
    <ul className="api-parameter-list api-property-list">
      {properties.map((property) => (
        <li key={property.name}>
          <code className="api-type api-parameter-head">
            {property.readonly ? <span className="api-token-keyword">readonly </span> : null}
            <span className="api-parameter-name">
              {property.name}
              {property.optional ? '?' : ''}
            </span>
            <span className="api-token-punctuation">: </span>
            <Tokens tokens={property.type} />
          </code>
          {hasText(property.description) ? <TextContent text={property.description} className="api-parameter-description" /> : null}
          <PropertyList properties={property.properties} />
        </li>
      ))}
    </ul>
  );
}

export function Parameters({ parameters }: { parameters: ParameterView[] }) {
  if (parameters.length === 0) return null;
  return (
    <div className="api-block api-parameters">
      <BlockTitle>{formatThemeString('apiParameters')}</BlockTitle>
      <ul className="api-parameter-list">
        {parameters.map((parameter) => (
          <li key={parameter.name}>
            <code className="api-type api-parameter-head">
              <span className="api-parameter-name">
                {parameter.rest ? '...' : ''}
                {parameter.name}
                {parameter.optional && parameter.defaultValue === undefined ? '?' : ''}
              </span>
              <span className="api-token-punctuation">: </span>
              <Tokens tokens={parameter.type} />
              {parameter.defaultValue !== undefined ? (
                <>
                  <span className="api-token-punctuation"> = </span>
                  <span className="api-default">{parameter.defaultValue}</span>
                </>
              ) : null}
            </code>
            {hasText(parameter.description) ? <TextContent text={parameter.description} className="api-parameter-description" /> : null}
            <PropertyList properties={parameter.properties} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Signature({ signature, overload }: { signature: SignatureView; overload?: { index: number; count: number } }) {
  const { comment } = signature;
  return (
    <div className="api-signature-block">
      {overload ? <p className="api-overload">{formatThemeString('apiOverload', overload)}</p> : null}
      <CodeLine tokens={signature.code} />
      <div className="api-signature-body">
        <CommentIntro comment={comment} />
        <TypeParameters parameters={signature.typeParameters} />
        <Parameters parameters={signature.parameters} />
        {signature.returns ? (
          <div className="api-block api-returns">
            <BlockTitle>{formatThemeString('apiReturns')}</BlockTitle>
            <p>
              <InlineType tokens={signature.returns.type} />
            </p>
            {hasText(signature.returns.description) ? <TextContent text={signature.returns.description} /> : null}
            <PropertyList properties={signature.returns.properties} />
          </div>
        ) : null}
        <CommentDetails comment={comment} />
        {signature.source ? <SourceLine source={signature.source} /> : null}
      </div>
    </div>
  );
}

function Relation({ label, link }: { label: string; link: LinkView }) {
  return (
    <p className="api-relation">
      {label} <LinkOrText link={link} />
    </p>
  );
}

export function Member({ member }: { member: MemberView }) {
  const count = member.signatures.length;
  return (
    <section id={member.caseKeptId} className={`api-member${member.deprecated ? ' api-member-deprecated' : ''}${member.inheritedFrom ? ' api-member-inherited' : ''}`}>
      <AnchoredHeading level={3} id={member.id} label={member.name} className="api-member-title">
        <code className={member.deprecated ? 'api-deprecated-name' : undefined}>{member.name}</code>
        {member.badges.map((badge) => (
          <span key={badge} className={`api-badge api-badge-${badge}`}>
            {badge}
          </span>
        ))}
      </AnchoredHeading>
      {member.code ? <CodeLine tokens={member.code} /> : null}
      <CommentIntro comment={member.comment} />
      <PropertyList properties={member.properties} />
      {member.signatures.map((signature, index) => (
        <Signature key={index} signature={signature} overload={member.overloaded ? { index: index + 1, count } : undefined} />
      ))}
      <CommentDetails comment={member.comment} />
      {member.inheritedFrom ? <Relation label={formatThemeString('apiInheritedFrom')} link={member.inheritedFrom} /> : null}
      {member.overrides ? <Relation label={formatThemeString('apiOverrides')} link={member.overrides} /> : null}
      {member.implementationOf ? <Relation label={formatThemeString('apiImplementationOf')} link={member.implementationOf} /> : null}
      {member.source && member.signatures.length === 0 ? <SourceLine source={member.source} /> : null}
    </section>
  );
}
