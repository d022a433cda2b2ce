/** The 'edit rules' dialog: a modal around the rules editor, editing a draft that is handed back on save (never while it has problems). */
import { FloatingFocusManager, FloatingOverlay, FloatingPortal, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useCallback, useId, useMemo, useState } from 'react';
import type { RuleQuery } from '../../schemas/model';
import { createTranslator, messages, type CompiledRuleQuery } from '../../engine/core';
import { RulesEditor, type RulesEditorProps } from './RulesEditor';

export interface RulesEditorDialogProps extends Omit<RulesEditorProps, 'onCompiled'> {
  open: boolean;
  onClose(): void;
  /** Dialog title; "Edit rules" by default. */
  title?: string;
}

const EMPTY: RuleQuery = { logicalOperator: 'all', rules: [] };

/** Mounted only while open, so every opening starts from the query as stored. */
export function RulesEditorDialog(props: RulesEditorDialogProps) {
  return props.open ? <OpenRulesEditorDialog {...props} /> : null;
}

function OpenRulesEditorDialog({ open, onClose, title, query, onChange, locale = 'en', ...editor }: RulesEditorDialogProps) {
  const t = useMemo(() => createTranslator(messages, locale).t, [locale]);
  const [draft, setDraft] = useState<RuleQuery>(query ?? EMPTY);
  const [valid, setValid] = useState(true);
  const titleId = useId();
  const descriptionId = useId();
  const { refs, context } = useFloating({ open, onOpenChange: (next) => !next && onClose() });
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePressEvent: 'mousedown' }), useRole(context, { role: 'dialog' })]);
  const onCompiled = useCallback((compiled: CompiledRuleQuery) => setValid(compiled.problems.length === 0), []);
  return (
    // preserveTabOrder off: the modal keeps focus itself, and the portal's guard spans would be unnamed buttons.
    <FloatingPortal preserveTabOrder={false}>
      <FloatingOverlay lockScroll className="t-dialog__overlay">
        {/* No focus guards: their role=button spans have no name (axe aria-command-name); modal focus still stays inside the dialog. */}
        <FloatingFocusManager context={context} modal guards={false}>
          <div ref={refs.setFloating} className="t-dialog t-rules-dialog" aria-labelledby={titleId} aria-describedby={descriptionId} {...getFloatingProps()}>
            <h2 id={titleId}>{title ?? t('rules.editor.title')}</h2>
            <p id={descriptionId}>{t('rules.editor.description')}</p>
            <RulesEditor {...editor} locale={locale} query={draft} onChange={setDraft} onCompiled={onCompiled} />
            <div className="t-dialog__actions">
              <button type="button" onClick={onClose}>
                {t('rules.editor.cancel')}
              </button>
              <button
                type="button"
                disabled={!valid}
                onClick={() => {
                  onChange(draft);
                  onClose();
                }}
              >
                {t('rules.editor.save')}
              </button>
            </div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
