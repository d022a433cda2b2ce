import { useEffect, useMemo, useState } from 'react';
import { HANDLEBARS_LOADING_OVERLAY_MS } from '../../engine/core/constants';
import type { BlockProps } from '../../engine/react/block-props';
import { useEngine } from '../../engine/react/engine-context';
import { readParsedTemplate, renderTemplateTree } from '../../engine/core/handlebars-runtime';
import { useSanitizedMarkup } from '../../engine/react/markup-sanitizer';
import type { HandlebarsOptions } from '../options.generated';

export type { HandlebarsOptions };

type Rendered = { ok: true; html: string } | { ok: false; error: string };
type Render = (data: object) => string;

const parser = () => import('../../engine/core/handlebars');

function renderTemplate(render: Render, data: object): Rendered {
  try {
    return { ok: true, html: render(data) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * How to render this template: from the tree the server stored with the block (`parsedTemplate`)
 * when it is this template's, else with the parser, loaded only then (an older block, or one an
 * admin is editing). Rendered by the engine's interpreter (no code generation: the CSP forbids eval).
 */
function useTemplateRenderer(template: string, parsedTemplate: unknown): Render | undefined {
  const fromTree = useMemo(() => {
    const tree = readParsedTemplate(parsedTemplate, template);
    return tree && ((data: object) => renderTemplateTree(tree, data));
  }, [parsedTemplate, template]);
  const [parsed, setParsed] = useState<{ template: string; render: Render } | undefined>();
  useEffect(() => {
    if (fromTree) return;
    let live = true;
    void parser().then((m) => live && setParsed({ template, render: (data) => m.renderHandlebars(template, data) }));
    return () => {
      live = false;
    };
  }, [fromTree, template]);
  if (fromTree) return fromTree;
  return parsed?.template === template ? parsed.render : undefined;
}

/**
 * A template over the target profile, entity or user. While that data has not arrived, a loading
 * overlay shows for up to HANDLEBARS_LOADING_OVERLAY_MS. Template errors are shown to admins only;
 * members see nothing rather than a broken template. Output is sanitised
 * (engine/react/markup-sanitizer.ts: the browser's HTML Sanitizer API, else DOMPurify).
 */
export default function HandlebarsBlock({ block, options }: BlockProps<HandlebarsOptions>) {
  const { profile, entity, user, isAdmin, t } = useEngine();
  const source = options.source ?? 'profile';
  const target = source === 'entity' ? entity : source === 'user' ? user : profile;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (target) return;
    const timer = setTimeout(() => setWaited(true), HANDLEBARS_LOADING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
  const data = useMemo(() => {
    if (source === 'profile') return { profile: profile?.data?.profile ?? {}, accountId: profile?.accountId };
    if (source === 'entity') return { entity: entity ? { ...entity.data, id: entity.id, title: entity.title, slug: entity.slug } : {} };
    return { user: user ? { accountId: user.accountId, ...user.data } : {} };
  }, [source, profile, entity, user]);
  const render = useTemplateRenderer(options.template, block.parsedTemplate);
  const output = useMemo(() => (render ? renderTemplate(render, data) : undefined), [render, data]);
  const sanitized = useSanitizedMarkup(output?.ok ? output.html : undefined);
  const rendered = output?.ok ? sanitized : output;
  if ((!target && !waited) || !rendered) {
    return (
      <div className="t-handlebars t-handlebars--loading" role="status" aria-busy="true">
        {t('blocks.handlebars.loading')}
      </div>
    );
  }
  if (!rendered.ok) {
    return isAdmin ? (
      <div className="t-handlebars t-handlebars--error" role="alert">
        {t('blocks.handlebars.templateError', { error: rendered.error })}
      </div>
    ) : null;
  }
  return <div className="t-handlebars" dangerouslySetInnerHTML={{ __html: rendered.html }} />;
}
