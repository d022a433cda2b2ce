/**
 * A handlebars template rendered in the browser as safe HTML, for every block with a template
 * (the handlebars block, a search result's template). The template renders from the tree the server
 * stored with the block (`parsedTemplate`) when it is this template's, else with the parser, loaded
 * only then; both run the engine's interpreter (no code generation: the CSP forbids eval). The output
 * goes through the admin-markup sanitiser (engine/react/markup-sanitizer: the browser's own, else
 * DOMPurify loaded on first use), so a plain greeting loads no sanitiser library.
 */
import { useEffect, useMemo, useState } from 'react';
import { readParsedTemplate, renderTemplateTree } from '../core/handlebars-runtime';
import { useSanitizedMarkup } from './markup-sanitizer';

export type RenderedTemplate = { ok: true; html: string } | { ok: false; error: string };
type Render = (data: object) => string;

const parser = () => import('../core/handlebars');

function renderTemplate(render: Render, data: object): RenderedTemplate {
  try {
    return { ok: true, html: render(data) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The renderer of a template: from its stored tree, else from the parser once it has loaded. */
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

/** `template` over `data` as sanitised HTML; undefined until it can be shown; `ok: false` names a template error. */
export function useRenderedTemplate(template: string, parsedTemplate: unknown, data: object): RenderedTemplate | undefined {
  const render = useTemplateRenderer(template, parsedTemplate);
  const output = useMemo(() => (render ? renderTemplate(render, data) : undefined), [render, data]);
  const sanitized = useSanitizedMarkup(output?.ok ? output.html : undefined);
  return output?.ok ? sanitized : output;
}
