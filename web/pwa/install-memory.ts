/** What this browser remembers for the install offer (engine/core/web-app.ts `InstallPromptMemory`): visits and the last dismissal, in localStorage. */
import type { InstallPromptMemory } from '../../engine/core/web-app';

const KEY = 'tessera.installPrompt';
/** This page load's memory, its visit counted (countVisit). */
let counted: InstallPromptMemory | undefined;

export function readInstallMemory(): InstallPromptMemory {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<InstallPromptMemory>;
    return {
      visits: typeof raw.visits === 'number' && raw.visits >= 0 ? raw.visits : 0,
      ...(typeof raw.dismissedAt === 'number' ? { dismissedAt: raw.dismissedAt } : {}),
    };
  } catch {
    return { visits: 0 };
  }
}

export function writeInstallMemory(memory: InstallPromptMemory): void {
  // This page load's memory follows (a dismissal counts at once, not from the next load).
  if (counted) counted = memory;
  try {
    localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    // Private mode or a full store: the offer simply is not remembered.
  }
}

/** Counts this visit (once per page load) and answers the memory with it. */
export function countVisit(): InstallPromptMemory {
  if (!counted) {
    const memory = readInstallMemory();
    counted = { ...memory, visits: memory.visits + 1 };
    writeInstallMemory(counted);
  }
  return counted;
}
