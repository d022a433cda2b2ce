/**
 * A handlebars template rendered in the browser as safe HTML, for every block with a template
 * (the handlebars block, a search result's template). The template renders from the tree the server
 * stored with the block (`parsedTemplate`) when it is this template's, else with the parser, loaded
 * only then; both run the engine's interpreter (no code generation: the CSP forbids eval). Output
 * holding markup goes through DOMPurify (engine/forms/sanitize, loaded with the first such output);
 * output without a `<` cannot make an element, attribute or comment when parsed, so a plain greeting
 * never loads DOMPurify.
 */
import { useEffect, useMemo, useState } from 'react';
import { readParsedTemplate, renderTemplateTree } from '../core/handlebars-runtime';

export type RenderedTemplate = { ok: true; html: string } | { ok: false; error: string };
type Render = (data: object) => string;
type Sanitize = (html: string) => string;

const parser = () => import('../core/handlebars');

let sanitizer: Promise<Sanitize> | undefined;
let loadedSanitizer: Sanitize | undefined;
const loadSanitizer = () =>
  (sanitizer ??= import('../forms/sanitize').then(
    (m) => (loadedSanitizer = m.sanitizeHtml),
    (error: unknown) => {
      sanitizer = undefined; // a failed chunk load is retried by the next block that needs it
      throw error;
    },
  ));

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

/** The output as safe HTML, or undefined while the parser or the sanitiser loads. */
function useSanitized(rendered: RenderedTemplate | undefined): RenderedTemplate | undefined {
  const markup = !!rendered?.ok && rendered.html.includes('<');
  const [ready, setReady] = useState<Sanitize | { error: string } | undefined>(loadedSanitizer);
  useEffect(() => {
    if (!markup || loadedSanitizer) return;
    let live = true;
    loadSanitizer().then(
      (sanitize) => live && setReady(() => sanitize),
      (error: unknown) => live && setReady({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [markup]);
  return useMemo(() => {
    if (!rendered?.ok || !markup) return rendered;
    const sanitize = loadedSanitizer ?? (typeof ready === 'function' ? ready : undefined);
    if (sanitize) return { ok: true, html: sanitize(rendered.html) };
    return ready && typeof ready !== 'function' ? { ok: false, error: ready.error } : undefined;
  }, [rendered, markup, ready]);
}

/** `template` over `data` as sanitised HTML; undefined until it can be shown; `ok: false` names a template error. */
export function useRenderedTemplate(template: string, parsedTemplate: unknown, data: object): RenderedTemplate | undefined {
  const render = useTemplateRenderer(template, parsedTemplate);
  return useSanitized(useMemo(() => (render ? renderTemplate(render, data) : undefined), [render, data]));
}
