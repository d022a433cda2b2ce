// react-dom/profiling is react-dom/client plus flushSync, built with <Profiler> timings on;
// @types/react-dom does not declare the entry.
declare module 'react-dom/profiling' {
  export { createRoot, hydrateRoot } from 'react-dom/client';
  export { flushSync } from 'react-dom';
}
