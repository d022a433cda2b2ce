import { Component, type ReactNode } from 'react';
import { BlockState } from './block-states';

interface Props {
  /** When this changes (a new block value), a crashed block gets another try. */
  resetKey: unknown;
  children: ReactNode;
}

/** Contains a block's render errors: the block shows 'Something went wrong', the page keeps rendering. */
export class BlockBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <BlockState kind="crashed" adminDetail={this.state.error.message} /> : this.props.children;
  }
}
