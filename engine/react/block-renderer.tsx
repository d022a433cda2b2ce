/**
 * BlockRenderer: one block by id, from its own atom. Resolves the type in the registry, applies
 * visibility and power-up availability, lazy-loads the component and checks the stored options
 * (the host's validators, else what the server found); it is also the block's error boundary.
 *
 * A class, not a function with hooks, because it renders once per block on every page: one fiber
 * that reads one context, subscribes in componentDidMount and catches its content's errors, where
 * a memoised function plus a boundary component cost two fibers, three context reads, a reducer, a
 * ref and two effects per block: most of what a 1,000-block first render spent over a bare React
 * list of the same DOM (profiled; `engine.firstRender` prints both).
 */
import { PureComponent, useEffect, type ComponentType, type ReactElement } from 'react';
import type { Block, Id, JsonObject } from '../../schemas/model';
import { decideBlockAvailability } from '../core/blocks/availability';
import { decideBlockVisibility, needsRuleEvaluator } from '../core/blocks/visibility';
import { loadBlockModule, useBlockModule, type BlockModule, type OptionsValidator } from './block-loader';
import { blockClassName, type BlockProps, type OwnsBlockRoot } from './block-props';
import { BlockState } from './block-states';
import { EngineContext, useEngine, type BlockAncestry, type EngineValue } from './engine-context';
import { blockAtom } from './structure-store';
import { translatedBlock, translatedOptions } from './content-text';
import type { Translator } from '../core/i18n/translator';

/** Nesting depth past which a block tree is treated as corrupt (a cycle the id check missed). */
const MAX_BLOCK_DEPTH = 64;

const TOP = {};
const ancestries = new WeakMap<BlockAncestry | typeof TOP, Map<Id, BlockAncestry>>();

/** The ancestry of block `id` under `parent`: one object per (parent, id), so the context value below a block stays the same across renders. */
function ancestryOf(parent: BlockAncestry | null, id: Id): BlockAncestry {
  let byId = ancestries.get(parent ?? TOP);
  if (!byId) ancestries.set(parent ?? TOP, (byId = new Map()));
  let here = byId.get(id);
  if (!here) byId.set(id, (here = { id, depth: (parent?.depth ?? 0) + 1, parent }));
  return here;
}

const scoped = new WeakMap<BlockAncestry, { outer: EngineValue; inner: EngineValue }>();

/** The engine value below a block that holds others: the same one while the engine does not change. */
function engineWithin(engine: EngineValue, ancestry: BlockAncestry): EngineValue {
  const hit = scoped.get(ancestry);
  if (hit?.outer === engine) return hit.inner;
  const inner = { ...engine, ancestry };
  scoped.set(ancestry, { outer: engine, inner });
  return inner;
}

function isAncestor(ancestry: BlockAncestry | null, id: Id): boolean {
  for (let a = ancestry; a; a = a.parent) if (a.id === id) return true;
  return false;
}

const validations = new WeakMap<object, { ok: boolean; errors: string }>();
const EMPTY: JsonObject = {};
const NONE: Id[] = [];

/** Never throws (it runs outside the block's error boundary): a stored value of any shape is only invalid. */
function validateOptions(validate: OptionsValidator, options: unknown): { ok: boolean; errors: string } {
  const cacheable = typeof options === 'object' && options !== null;
  const cached = cacheable ? validations.get(options) : undefined;
  if (cached) return cached;
  let result: { ok: boolean; errors: string };
  try {
    const ok = validate(options as JsonObject);
    result = { ok, errors: ok ? '' : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ') };
  } catch (error) {
    result = { ok: false, errors: error instanceof Error ? error.message : String(error) };
  }
  if (cacheable) validations.set(options, result);
  return result;
}

type Store = EngineValue['store'];

/** Renders one block by id. It re-renders when its own atom or the engine context changes, not when its parent does. */
export class BlockRenderer extends PureComponent<{ id: Id }, { error: Error | null }> {
  static override contextType = EngineContext;
  declare context: EngineValue | null;
  override state = { error: null as Error | null };
  /** Whether the block's type was still loading when its content first rendered (see renderLoaded). */
  pendingAtMount: boolean | null = null;
  /** The block value last rendered: a change before subscribing is caught when subscribing. */
  private rendered: unknown;
  private subscribedTo?: { store: Store; id: Id; unsubscribe: () => void };

  /** The content crashed: it shows 'Something went wrong' until the block's value changes. */
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private changed() {
    if (this.state.error) this.setState({ error: null });
    else this.forceUpdate();
  }

  override componentDidMount() {
    this.subscribe();
  }

  override componentDidUpdate() {
    this.subscribe();
  }

  override componentWillUnmount() {
    this.subscribedTo?.unsubscribe();
    this.subscribedTo = undefined;
  }

  /** One store subscription, renewed only when the store or the id changes. */
  private subscribe() {
    const store = this.context?.store;
    const { id } = this.props;
    if (!store || (this.subscribedTo?.store === store && this.subscribedTo.id === id)) return;
    this.subscribedTo?.unsubscribe();
    const target = blockAtom(id);
    this.subscribedTo = { store, id, unsubscribe: store.sub(target, () => this.changed()) };
    if (!Object.is(store.get(target), this.rendered)) this.changed();
  }

  override render() {
    const engine = this.context;
    if (!engine) throw new Error('BlockRenderer: render inside <EngineProvider> (engine/react/engine-context.tsx)');
    const { id } = this.props;
    const block = (this.rendered = engine.store.get(blockAtom(id)));
    const ancestry = engine.ancestry ?? null;
    // The rule engine loads with the first block whose visibility needs it.
    const awaitingRules = engine.evaluatorPending && typeof block === 'object' && block !== null && needsRuleEvaluator(block.visibility);

    if (isAncestor(ancestry, id) || (ancestry?.depth ?? 0) >= MAX_BLOCK_DEPTH) return engine.isAdmin ? <BlockState kind="cycle" params={{ id }} /> : null;
    if (!block || typeof block !== 'object') return engine.isAdmin ? <BlockState kind="notFound" params={{ id }} /> : null;
    if (block.wasDeleted) return null;

    const visibility = decideBlockVisibility(block.visibility, engine.ruleContext, engine.evaluator);
    if (!visibility.visible) {
      // Undecided while the rule engine loads: shown to no member, loading for admins.
      if (awaitingRules)
        return (
          <>
            <RequestEvaluator />
            {engine.isAdmin && <BlockState kind="loading" />}
          </>
        );
      if (visibility.reason === 'noEvaluator' || visibility.reason === 'ruleError') {
        return engine.isAdmin ? <BlockState kind={visibility.reason} params={{ error: visibility.error ?? '' }} /> : null;
      }
      if (!engine.editMode) return null;
    }

    // The server could not read the stored block (see ReadProblem): a state, never its broken content.
    if (block.readProblem && block.readProblem.kind !== 'invalidOptions')
      return (
        <div className="t-block t-block--unreadable" data-block-id={id}>
          {engine.editMode && engine.renderBlockControls?.(block)}
          <BlockState kind="unreadable" adminDetail={typeof block.readProblem.detail === 'string' ? block.readProblem.detail : undefined} />
        </div>
      );

    const type = typeof block.type === 'string' ? block.type : '';
    const entry = engine.registry.blockType(type);
    const inIndex = Object.prototype.hasOwnProperty.call(engine.blockComponents, type);
    const related = Array.isArray(block.relatedBlocks?.display) ? block.relatedBlocks.display.filter((r): r is Id => typeof r === 'string') : NONE;
    // Only a block that can hold others passes its ancestry down (cycle detection); leaves skip the provider.
    const holdsOthers = related.length > 0 || (Array.isArray(block.children) && block.children.length > 0) || entry?.children === true;
    let content: ReactElement<Partial<BlockProps>>;
    if (entry?.status === 'removed') content = <BlockState kind="removed" />;
    else if (entry?.status === 'planned' && !inIndex) content = <BlockState kind="planned" params={{ type: entry.title ?? type }} />;
    else if (!inIndex) content = <BlockState kind="unknown" params={{ type: type || String(block.type) }} />;
    else {
      const availability = decideBlockAvailability(entry?.powerUps?.required, engine.entity);
      if (!availability.available) content = <BlockState kind={availability.reason} params={{ powerUps: availability.missing.join(', ') }} />;
      else if (this.state.error) content = <BlockState kind="crashed" adminDetail={this.state.error.message} />;
      else {
        // Nothing but the component to show (no edit controls, hidden note or related blocks): a
        // component that owns the block's root element renders without the wrapper below.
        const alone = !engine.editMode && visibility.visible && related.length === 0;
        const module = loadBlockModule(type, engine.blockComponents, engine.blockValidators);
        // The composer edits the stored texts, so edit mode shows them untranslated.
        content = renderLoaded(engine.editMode ? undefined : engine.translator, this, block, type, entry?.defaults, module, alone);
        if (content.props.isBlockRoot)
          return holdsOthers ? <EngineContext.Provider value={engineWithin(engine, ancestryOf(ancestry, id))}>{content}</EngineContext.Provider> : content;
      }
    }
    const element = (
      <div className={`${blockClassName(type)}${visibility.visible ? '' : ' t-block--hidden-for-you'}`} data-block-id={id}>
        {engine.editMode && engine.renderBlockControls?.(block)}
        {!visibility.visible && <small className="t-block__hidden-note">{engine.t('engine.states.hiddenInEditMode')}</small>}
        {content}
        {related.length > 0 && (
          <div className="t-block__related">
            {related.map((r) => (
              <BlockRenderer key={r} id={r} />
            ))}
          </div>
        )}
      </div>
    );
    return holdsOthers ? <EngineContext.Provider value={engineWithin(engine, ancestryOf(ancestry, id))}>{element}</EngineContext.Provider> : element;
  }
}

/**
 * Starts loading the rule engine. Rendered only by a block that waits for it, so the blocks of a
 * page without advanced rules carry no effect of their own for it (one effect per block at mount).
 */
function RequestEvaluator() {
  const { requestEvaluator } = useEngine();
  useEffect(requestEvaluator, [requestEvaluator]);
  return null;
}

const mergedOptions = new WeakMap<object, { defaults: JsonObject; merged: JsonObject }>();

/** Stored options over the type's defaults; cached per stored object, so an unchanged block gets the same options object. */
function withDefaults(raw: JsonObject, defaults: JsonObject | undefined): JsonObject {
  if (!defaults) return raw;
  const cached = mergedOptions.get(raw);
  if (cached?.defaults === defaults) return cached.merged;
  const merged = { ...defaults, ...raw };
  mergedOptions.set(raw, { defaults, merged });
  return merged;
}

const VALID = { ok: true, errors: '' };

function serverOptionsCheck(block: Block): { ok: boolean; errors: string } {
  const problem = block.readProblem;
  return problem?.kind === 'invalidOptions' ? { ok: false, errors: typeof problem.detail === 'string' ? problem.detail : '' } : VALID;
}

function renderReady(
  module: Extract<BlockModule, { status: 'ready' }>,
  stored: Block,
  defaults: JsonObject | undefined,
  alone: boolean,
  translator: Translator | undefined,
): ReactElement<Partial<BlockProps>> {
  const block = translator ? translatedBlock(stored, translator) : stored;
  const raw = block.options && typeof block.options === 'object' && !Array.isArray(block.options) ? block.options : EMPTY;
  // The browser's validator when the host passes one, else the server's finding (see ReadProblem).
  const check = module.validate ? validateOptions(module.validate, block.options ?? EMPTY) : serverOptionsCheck(block);
  if (!check.ok) return <BlockState kind="configurationNeeded" adminDetail={check.errors} />;
  const Component = module.component as ComponentType<BlockProps> & OwnsBlockRoot;
  // The chunk's defaults; a host whose registry entries carry defaults (tests, a custom index) gives those.
  // Its labels in the member's language (content translations, engine/core/i18n/content-keys.ts).
  const merged = withDefaults(raw, module.defaults ?? defaults);
  const options = translator ? translatedOptions(block.id, merged, translator) : merged;
  return alone && Component.ownsBlockRoot ? <Component block={block} options={options} isBlockRoot /> : <Component block={block} options={options} />;
}

/**
 * A loaded type renders straight away (no component of its own between the boundary and the
 * block's); a pending one waits in PendingBlock. The path is fixed when the content first renders:
 * a block first rendered while pending stays under PendingBlock, since switching to the direct path
 * would change the element type above the component and remount it, losing its state (a form's
 * save message, an open tab) on the next re-render after the chunk arrived. For the same reason a
 * block under PendingBlock keeps the engine's wrapper element.
 */
function renderLoaded(
  translator: Translator | undefined,
  host: { pendingAtMount: boolean | null },
  block: Block,
  type: string,
  defaults: JsonObject | undefined,
  module: BlockModule,
  alone: boolean,
): ReactElement<Partial<BlockProps>> {
  host.pendingAtMount ??= module.status === 'pending';
  if (host.pendingAtMount) return <PendingBlock block={block} type={type} defaults={defaults} />;
  if (module.status === 'ready') return renderReady(module, block, defaults, alone, translator);
  if (module.status === 'failed') return <BlockState kind="failedToLoad" adminDetail={module.error.message} />;
  return <PendingBlock block={block} type={type} defaults={defaults} />;
}

function PendingBlock({ block, type, defaults }: { block: Block; type: string; defaults?: JsonObject }) {
  const { blockComponents, blockValidators, translator, editMode } = useEngine();
  const { module, pastDelay } = useBlockModule(type, blockComponents, blockValidators);
  if (module.status === 'pending') return pastDelay ? <BlockState kind="loading" /> : null;
  if (module.status === 'failed') return <BlockState kind="failedToLoad" adminDetail={module.error.message} />;
  return renderReady(module, block, defaults, false, editMode ? undefined : translator);
}
