/**
 * PageRenderer: a page by id from the structure store. Title, blocks by column (`positions`,
 * `col-0` by default), an add-block slot per column for edit mode, and the optional page modal
 * (`relatedBlocks.modal`), shown through the modal rules of spec 4.4.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import type { Id, Page, ReadProblem } from '../../schemas/model';
import { ColumnsLayout } from './block-children';
import { PageIdContext } from './page-context';
import { useEngine } from './engine-context';
import { pageAtom } from './structure-store';
import { PageTitleContext, usePageHeading } from './page-title';
import { useTabParamSync } from './tabs-state';

const PageModal = lazy(() => import('./page-modal'));

/** A page the server could not read (see ReadProblem): its title and a page state instead of its blocks. */
function UnreadablePage({ pageId, name, problem }: { pageId: Id; name: unknown; problem: ReadProblem }) {
  const { t, isAdmin } = useEngine();
  return (
    <article className="t-page t-page--unreadable" data-page-id={pageId}>
      {typeof name === 'string' && name && <h1 className="t-page__title">{name}</h1>}
      <div className="t-block-state t-page-state" role="alert" data-page-state={problem.kind}>
        <span className="t-block-state__message">{t(problem.kind === 'unsupportedVersion' ? 'engine.page.unsupportedVersion' : 'engine.page.unreadable')}</span>
        {isAdmin && typeof problem.detail === 'string' && <small className="t-block-state__detail">{problem.detail}</small>}
      </div>
    </article>
  );
}

export function PageRenderer({ pageId }: { pageId: Id }) {
  const { t } = useEngine();
  const page = useAtomValue(pageAtom(pageId));
  useTabParamSync();
  if (!page || typeof page !== 'object') {
    return (
      <div className="t-page t-page--missing" role="alert">
        {t('engine.page.notFound')}
      </div>
    );
  }
  if (page.readProblem) return <UnreadablePage pageId={page.id} name={page.name} problem={page.readProblem} />;
  return <ReadablePage page={page} />;
}

function ReadablePage({ page }: { page: Page }) {
  const { heading, heroIsTitle } = usePageHeading(page);
  const modalId = typeof page.relatedBlocks?.modal === 'string' ? page.relatedBlocks.modal : undefined;
  return (
    // An article, not <main>: the host app's layout owns the main landmark.
    <PageIdContext.Provider value={page.id}>
      <article className={`t-page t-page--${page.width === 'fluid' ? 'fluid' : 'fixed'}`} data-page-id={page.id}>
        {heading}
        <PageTitleContext.Provider value={heroIsTitle}>
          <ColumnsLayout parentKind="page" parentId={page.id} children={page.children} positions={page.positions} />
        </PageTitleContext.Provider>
        {modalId && (
          <Suspense fallback={null}>
            <PageModal blockId={modalId} />
          </Suspense>
        )}
      </article>
    </PageIdContext.Provider>
  );
}
