import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';
import { Alert, Button } from '@hive/shared/ui';

function PageCrashed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
  return (
    <Alert
      kind="error"
      title={t('errors.pageCrashedTitle')}
      action={<Button onClick={onRetry}>{t('common.tryAgain')}</Button>}
    >
      {t('errors.pageCrashed')}
    </Alert>
  );
}

interface Props {
  /** A new value (the next page) clears the error. */
  resetKey: string;
  children?: ReactNode;
}

/** A page that throws shows a message inside the layout; the sidebar keeps working. */
export class PageErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Back-office page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <PageCrashed onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
