/**
 * The engine provider: everything a rendered page needs that is not in the structure store
 * (registry, the block component index, the rule context facts, the rule evaluator, the
 * translator and injected services). Blocks read it through `useEngine()`.
 */
import { Provider as JotaiProvider, useStore } from 'jotai';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Block, BlockMeta, Entity, Id, Profile } from '../../schemas/model';
import { createTranslator, type Translator } from '../core/i18n/translator';
import { DEFAULT_LOCALE } from '../core/constants';
import { pageMessagesDefault } from '../core/i18n/page-messages.generated';
import { textsVersion, withRequiredTexts } from '../core/i18n/text-sets';
import { createRegistry, type Registry, type RuntimeRegistryData } from '../core/registry';
import type { MediaUrlOptions } from '../core/media';
import type { FileService } from './file-service';
import type { NotificationService } from './notification-state';
import type { RuleContext, RuleQueryEvaluator } from '../core/rules/context';
import type { RenderInlineText } from './editable-text';

type JotaiStore = ReturnType<typeof useStore>;

/** A lazy module index: type -> import() of a module whose default export is the thing. */
/** A block module may bring its type's option defaults and texts (a TextSet) required before it renders. */
export type LazyModuleIndex = Record<string, () => Promise<{ default: unknown; texts?: unknown; defaults?: unknown }>>;

/** Services the engine calls out to; the web app wires them to the server. */
export interface EngineServices {
  /** Persists per-user block meta (profile meta `block.{id}`): modals, dismissibles. */
  saveBlockMeta?(blockId: Id, meta: BlockMeta): Promise<void> | void;
  /** Navigates inside the app (wouter in the web app). */
  navigate?(path: string): void;
  /** The in-app path of a member's profile page (settings name the profile page). */
  profileHref?(accountId: Id): string;
  /** Logs the user out (a required-agreement modal closed with no history to go back to). */
  logout?(): void;
  /** A media URL (spec 3 Media URLs) with the session's media token; undefined without a token or id. */
  mediaUrl?(options: Omit<MediaUrlOptions, 'token' | 'base'>): string | undefined;
  /** The map tile server of the app's settings (`map.tileUrl`), when one is set. */
  mapTiles?: { url: string; attribution?: string };
  /** The files calls (uploadFile, downloadFile, viewFiles); without it those blocks say files are unavailable. */
  files?: FileService;
  /** The member's notification calls (notificationCenter); without it that block says notifications are unavailable. */
  notifications?: NotificationService;
}

/** Where edit mode can put an add-block control: a page's or a block's column. */
export interface AddBlockSlot {
  parentKind: 'page' | 'block';
  parentId: Id;
  column: number;
}

export interface EngineFacts {
  /** The signed-in user, as rule queries see it. */
  user?: RuleContext['user'];
  /** The profile being viewed (may be the user's own). */
  profile?: Profile;
  /** The signed-in user's own profile: block meta and accessibility settings are read from it. */
  ownProfile?: Profile;
  /** The page's target entity. */
  entity?: Entity;
  device?: { isMobile: boolean; isDesktop: boolean };
  /** Known values for rule queries (`now`, ...). */
  known?: RuleContext['known'];
  isAdmin?: boolean;
  editMode?: boolean;
}

export interface EngineProviderProps extends EngineFacts {
  /** Runtime registry data (`registry/generated/runtime.json`) or a registry built from it. */
  registry: RuntimeRegistryData | Registry;
  /** `blockComponents` of the generated `blocks/index.generated.ts`. */
  blockComponents: LazyModuleIndex;
  /**
   * `blockOptionValidators` (blocks/_validators.generated): checks stored options in the browser.
   * Without it options are taken as the server read them: a block whose options it found invalid
   * carries readProblem `invalidOptions` (the app's pages; hosts of unchecked data pass validators).
   */
  blockValidators?: LazyModuleIndex;
  /** A Jotai store; without it the ambient one (nearest Provider or the default store) is used. */
  store?: JotaiStore;
  /**
   * Evaluates advanced visibility rules. Without one, blocks with advanced rules are hidden from
   * members and admins see a notice saying so.
   */
  evaluator?: RuleQueryEvaluator;
  /**
   * Loads the evaluator when none is given, once, when the first block with advanced rules renders
   * (a page without rules never loads the rule engine). Until it is there such a block is not shown
   * to members and admins see it loading; if it fails to load, as without an evaluator.
   */
  loadEvaluator?: () => Promise<RuleQueryEvaluator>;
  translator?: Translator;
  services?: EngineServices;
  /** Edit mode fills the add-block slots with this. */
  renderAddBlock?: (slot: AddBlockSlot) => ReactNode;
  /** Edit mode puts this (edit, move, delete controls) at the top of every rendered block. */
  renderBlockControls?: (block: Block) => ReactNode;
  /** Edit mode draws block texts marked with `EditableText` with this (editable in place). */
  renderInlineText?: RenderInlineText;
  children?: ReactNode;
}

/** The blocks a block renders inside, innermost first (BlockRenderer's cycle check). */
export interface BlockAncestry {
  id: Id;
  depth: number;
  parent: BlockAncestry | null;
}

export interface EngineValue extends EngineFacts {
  /** The Jotai store blocks read from: the `store` prop, else the ambient one. */
  store: JotaiStore;
  /**
   * Set by BlockRenderer below a block that holds others: the blocks around this point. It rides
   * on the engine's context (one context per block read, not two) and is absent at page level.
   */
  ancestry?: BlockAncestry;
  registry: Registry;
  blockComponents: LazyModuleIndex;
  blockValidators?: LazyModuleIndex;
  evaluator?: RuleQueryEvaluator;
  /** The evaluator is still to be loaded (`loadEvaluator`): `requestEvaluator` starts that. */
  evaluatorPending: boolean;
  requestEvaluator: () => void;
  t: Translator['t'];
  translator: Translator;
  services: EngineServices;
  renderAddBlock?: (slot: AddBlockSlot) => ReactNode;
  renderBlockControls?: (block: Block) => ReactNode;
  renderInlineText?: RenderInlineText;
  /** The rule context built from the facts. */
  ruleContext: RuleContext;
  isAdmin: boolean;
  editMode: boolean;
}

/** Read through useEngine(); BlockRenderer (a class) reads it as its contextType. */
export const EngineContext = createContext<EngineValue | null>(null);

// Without a translator: the page's namespaces in English (the full catalogue would put every
// locale's and the admin's texts in the chunk every page loads), with the texts the loaded blocks
// required (read at each call: a block's texts arrive with its chunk).
let defaultCatalog: { version: number; translator: Translator } | undefined;
function defaultCatalogTranslator(): Translator {
  if (defaultCatalog?.version !== textsVersion())
    defaultCatalog = { version: textsVersion(), translator: createTranslator(withRequiredTexts({ [DEFAULT_LOCALE]: pageMessagesDefault }, DEFAULT_LOCALE)) };
  return defaultCatalog.translator;
}
const defaultTranslator: Translator = {
  locale: DEFAULT_LOCALE,
  t: (key, params) => defaultCatalogTranslator().t(key, params),
  has: (key) => defaultCatalogTranslator().has(key),
};

function isRegistry(value: RuntimeRegistryData | Registry): value is Registry {
  return typeof (value as Registry).blockType === 'function';
}

export function EngineProvider(props: EngineProviderProps) {
  const {
    registry,
    blockComponents,
    blockValidators,
    store,
    evaluator: givenEvaluator,
    loadEvaluator,
    translator,
    services,
    renderAddBlock,
    renderBlockControls,
    renderInlineText,
    children,
  } = props;
  const [loaded, setLoaded] = useState<{ evaluator?: RuleQueryEvaluator; failed?: boolean }>({});
  const loading = useRef(false);
  const requestEvaluator = useCallback(() => {
    if (!loadEvaluator || loading.current) return;
    loading.current = true;
    loadEvaluator().then(
      (evaluator) => setLoaded({ evaluator }),
      () => setLoaded({ failed: true }),
    );
  }, [loadEvaluator]);
  const ambientStore = useStore();
  const blockStore = store ?? ambientStore;
  const evaluator = givenEvaluator ?? loaded.evaluator;
  const evaluatorPending = !evaluator && !!loadEvaluator && !loaded.failed;
  const { user, profile, ownProfile, entity, device, known, isAdmin, editMode } = props;
  const value = useMemo<EngineValue>(() => {
    const tr = translator ?? defaultTranslator;
    const isOwnProfile = profile && user ? profile.accountId === user.accountId : undefined;
    return {
      store: blockStore,
      registry: isRegistry(registry) ? registry : createRegistry(registry),
      blockComponents,
      blockValidators,
      evaluator,
      evaluatorPending,
      requestEvaluator,
      translator: tr,
      t: tr.t,
      services: services ?? {},
      renderAddBlock,
      renderBlockControls,
      renderInlineText,
      user,
      profile,
      ownProfile,
      entity,
      device,
      known,
      isAdmin: Boolean(isAdmin ?? user?.isAdmin),
      editMode: Boolean(editMode),
      ruleContext: {
        user,
        profile,
        entity,
        device,
        lists: user?.listMemberships,
        known: isOwnProfile === undefined ? known : { isOwnProfile, ...known },
      },
    };
  }, [
    blockStore,
    registry,
    blockComponents,
    blockValidators,
    evaluator,
    evaluatorPending,
    requestEvaluator,
    translator,
    services,
    renderAddBlock,
    renderBlockControls,
    renderInlineText,
    user,
    profile,
    ownProfile,
    entity,
    device,
    known,
    isAdmin,
    editMode,
  ]);
  const tree = <EngineContext.Provider value={value}>{children}</EngineContext.Provider>;
  return store ? <JotaiProvider store={store}>{tree}</JotaiProvider> : tree;
}

/** The engine's context, or null outside an EngineProvider (a block rendered on its own). */
export function useEngineIfAny(): EngineValue | null {
  return useContext(EngineContext);
}

/** The engine's context. Throws a clear error outside an EngineProvider. */
export function useEngine(): EngineValue {
  const value = useContext(EngineContext);
  if (!value) throw new Error('useEngine: render inside <EngineProvider> (engine/react/engine-context.tsx)');
  return value;
}
