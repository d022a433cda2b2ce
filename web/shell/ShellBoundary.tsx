/**
 * Error boundaries of the shell's parts (navigation, the routed page, the footer, the shell as a
 * whole): a render error in one part shows a short notice with a way on in that part, and the rest
 * of the shell keeps working. A part gets another try when `resetKey` changes (the address).
 */
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';

export type ShellArea = 'navigation' | 'page' | 'footer' | 'shell';

interface Props {
  area: ShellArea;
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

function ShellAreaFallback({ area, retry }: { area: ShellArea; retry: () => void }) {
  const t = useT();
  if (area === 'footer') return null;
  const message = area === 'navigation' ? t('shell.errors.navigation') : area === 'page' ? t('shell.errors.page') : t('shell.errors.shell');
  const notice = (
    <div className="ts-area-error" role="alert" data-shell-error={area}>
      <p>{message}</p>
      <button type="button" className="ts-button" onClick={retry}>
        {t('shell.errors.retry')}
      </button>
      {/* A plain link: it works even when the router is what failed. */}
      <a href="/app/">{t('shell.errors.home')}</a>
    </div>
  );
  return area === 'navigation' ? <nav aria-label={t('shell.errors.navigation')}>{notice}</nav> : notice;
}

export class ShellBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error): void {
    console.error(`Tessera: the ${this.props.area} could not be shown`, error);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    return this.state.error ? <ShellAreaFallback area={this.props.area} retry={this.retry} /> : this.props.children;
  }
}
