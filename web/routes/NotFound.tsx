/** The not-found page (spec 2.4) with its go-back button. */
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { Text } from '../i18n/Text';
import { useT } from '../i18n/use-t';
import { orderedModulesAtom, structureViewAtom } from '../nav/structure-view';
import { settingsAtom } from '../shell/shell-state';
import { notFoundGoBackTarget, notFoundReasonOf } from './guards';

/** `reason`: the sentence saying why (a missing page or module, a denied admin area); else the one carried by the redirect here, else the generic one. */
export function NotFound({ reason }: { reason?: string }) {
  const t = useT();
  const carried = notFoundReasonOf(useHistoryState());
  const [, navigate] = useLocation();
  const view = useAtomValue(structureViewAtom);
  const modules = useAtomValue(orderedModulesAtom);
  const settings = useAtomValue(settingsAtom);
  const defaults = settings.structure?.defaults as { moduleId?: string; profilePage?: { moduleSlug: string; pageSlug: string } } | undefined;
  const defaultModule = (defaults?.moduleId && modules.find((m) => m.id === defaults.moduleId)) || modules.find((m) => !m.isAbstract && !m.hideFromNav);
  return (
    <section className="ts-not-found" data-page-slug="404">
      <h1>
        <Text k="shell.notFound.title" />
      </h1>
      {/* A reason is news (the address was followed somewhere else): announced once, as the toast was. */}
      <p role={reason || carried ? 'alert' : undefined}>
        <Text k={reason ?? carried ?? 'shell.notFound.message'} />
      </p>
      <button type="button" className="ts-button ts-button--primary" onClick={() => navigate(notFoundGoBackTarget(view, defaultModule, defaults?.profilePage))}>
        {t('common.actions.goBack')}
      </button>
    </section>
  );
}
