/**
 * BlockRenderer: one block by id, from its own atom. Resolves the type in the registry, applies
 * visibility and power-up availability, lazy-loads the component and validates the stored
 * options, all inside the block's own error boundary.
 */
import { createContext, memo, useContext, useEffect, useRef, type ComponentType } from 'react';
import type { Block, Id, JsonObject } from '../../schemas/model';
import { decideBlockAvailability } from '../core/blocks/availability';
import { decideBlockVisibility, needsRuleEvaluator } from '../core/blocks/visibility';
import { BlockBoundary } from './block-boundary';
import { loadBlockModule, useBlockModule, type BlockModule, type OptionsValidator } from './block-loader';
import type { BlockProps } from './block-props';
import { BlockState } from './block-states';
import { useEngine } from './engine-context';
import { blockAtom, useItemValue } from './structure-store';

/** Nesting depth past which a block tree is treated as corrupt (a cycle the id check missed). */
const MAX_BLOCK_DEPTH = 64;

interface Ancestry {
  id: Id;
  depth: number;
  parent: Ancestry | null;
}
const AncestryContext = createContext<Ancestry | null>(null);

const TOP = {};
const ancestries = new WeakMap<Ancestry | typeof TOP, Map<Id, Ancestry>>();

/** The ancestry of block `id` under `parent`: one object per (parent, id), so context readers below keep it across renders without a hook per block. */
function ancestryOf(parent: Ancestry | null, id: Id): Ancestry {
  let byId = ancestries.get(parent ?? TOP);
  if (!byId) ancestries.set(parent ?? TOP, (byId = new Map()));
  let here = byId.get(id);
  if (!here) byId.set(id, (here = { id, depth: (parent?.depth ?? 0) + 1, parent }));
  return here;
}

function isAncestor(ancestry: Ancestry | null, id: Id): boolean {
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

function BlockRendererInner({ id }: { id: Id }) {
  const engine = useEngine();
  const block = useItemValue(blockAtom(id));
  const ancestry = useContext(AncestryContext);
  // Whether the block's type was still loading when its content first rendered (see renderLoaded).
  const pendingAtMount = useRef<boolean | null>(null);
  // The rule engine loads with the first block whose visibility needs it.
  const awaitingRules = engine.evaluatorPending && typeof block === 'object' && block !== null && needsRuleEvaluator(block.visibility);
  const { requestEvaluator } = engine;
  useEffect(() => {
    if (awaitingRules) requestEvaluator();
  }, [awaitingRules, requestEvaluator]);

  if (isAncestor(ancestry, id) || (ancestry?.depth ?? 0) >= MAX_BLOCK_DEPTH) return engine.isAdmin ? <BlockState kind="cycle" params={{ id }} /> : null;
  if (!block || typeof block !== 'object') return engine.isAdmin ? <BlockState kind="notFound" params={{ id }} /> : null;
  if (block.wasDeleted) return null;

  const visibility = decideBlockVisibility(block.visibility, engine.ruleContext, engine.evaluator);
  if (!visibility.visible) {
    // Undecided while the rule engine loads: shown to no member, loading for admins.
    if (awaitingRules) return engine.isAdmin ? <BlockState kind="loading" /> : null;
    if (visibility.reason === 'noEvaluator' || visibility.reason === 'ruleError') {
      return engine.isAdmin ? <BlockState kind={visibility.reason} params={{ error: visibility.error ?? '' }} /> : null;
    }
    if (!engine.editMode) return null;
  }

  // The server could not read the stored block (see ReadProblem): a state, never its broken content.
  if (block.readProblem)
    return (
      <div className="t-block t-block--unreadable" data-block-id={id}>
        {engine.editMode && engine.renderBlockControls?.(block)}
        <BlockState kind="unreadable" adminDetail={typeof block.readProblem.detail === 'string' ? block.readProblem.detail : undefined} />
      </div>
    );

  const type = typeof block.type === 'string' ? block.type : '';
  const entry = engine.registry.blockType(type);
  const inIndex = Object.prototype.hasOwnProperty.call(engine.blockComponents, type);
  let content;
  if (entry?.status === 'removed') content = <BlockState kind="removed" />;
  else if (entry?.status === 'planned' && !inIndex) content = <BlockState kind="planned" params={{ type: entry.title ?? type }} />;
  else if (!inIndex) content = <BlockState kind="unknown" params={{ type: type || String(block.type) }} />;
  else {
    const availability = decideBlockAvailability(entry?.powerUps?.required, engine.entity);
    content = availability.available ? (
      <BlockBoundary resetKey={block}>
        {renderLoaded(pendingAtMount, block, type, entry?.defaults, loadBlockModule(type, engine.blockComponents, engine.blockValidators))}
      </BlockBoundary>
    ) : (
      <BlockState kind={availability.reason} params={{ powerUps: availability.missing.join(', ') }} />
    );
  }
  const related = Array.isArray(block.relatedBlocks?.display) ? block.relatedBlocks.display.filter((r): r is Id => typeof r === 'string') : NONE;
  const element = (
    <div className={`t-block t-block--${type || 'unknown'}${visibility.visible ? '' : ' t-block--hidden-for-you'}`} data-block-id={id}>
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
  // Only a block that can hold others needs to pass its ancestry down (cycle detection); leaves skip the provider.
  const holdsOthers = related.length > 0 || (Array.isArray(block.children) && block.children.length > 0) || entry?.children === true;
  return holdsOthers ? <AncestryContext.Provider value={ancestryOf(ancestry, id)}>{element}</AncestryContext.Provider> : element;
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

function renderReady(module: Extract<BlockModule, { status: 'ready' }>, block: Block, defaults: JsonObject | undefined) {
  const raw = block.options && typeof block.options === 'object' && !Array.isArray(block.options) ? block.options : EMPTY;
  if (module.validate) {
    const check = validateOptions(module.validate, block.options ?? EMPTY);
    if (!check.ok) return <BlockState kind="configurationNeeded" adminDetail={check.errors} />;
  }
  const Component = module.component as ComponentType<BlockProps>;
  return <Component block={block} options={withDefaults(raw, defaults)} />;
}

/**
 * A loaded type renders straight away (no component of its own between the boundary and the
 * block's); a pending one waits in PendingBlock. The path is fixed when the content first renders:
 * a block first rendered while pending stays under PendingBlock, since switching to the direct path
 * would change the element type above the component and remount it, losing its state (a form's
 * save message, an open tab) on the next re-render after the chunk arrived.
 */
function renderLoaded(pendingAtMount: { current: boolean | null }, block: Block, type: string, defaults: JsonObject | undefined, module: BlockModule) {
  pendingAtMount.current ??= module.status === 'pending';
  if (pendingAtMount.current) return <PendingBlock block={block} type={type} defaults={defaults} />;
  if (module.status === 'ready') return renderReady(module, block, defaults);
  if (module.status === 'failed') return <BlockState kind="failedToLoad" adminDetail={module.error.message} />;
  return <PendingBlock block={block} type={type} defaults={defaults} />;
}

function PendingBlock({ block, type, defaults }: { block: Block; type: string; defaults?: JsonObject }) {
  const { blockComponents, blockValidators } = useEngine();
  const { module, pastDelay } = useBlockModule(type, blockComponents, blockValidators);
  if (module.status === 'pending') return pastDelay ? <BlockState kind="loading" /> : null;
  if (module.status === 'failed') return <BlockState kind="failedToLoad" adminDetail={module.error.message} />;
  return renderReady(module, block, defaults);
}

/** Renders one block by id. Memoised: it re-renders only when its own atom (or the engine context) changes. */
export const BlockRenderer = memo(BlockRendererInner);
