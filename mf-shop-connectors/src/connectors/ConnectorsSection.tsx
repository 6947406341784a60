import { Button, Callout, H3, Icon, Intent, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import {
  bootModules$,
  currentBootModules,
  EmptyState,
  i18n,
  Link,
  useObservable,
  useTranslation,
  type BootModuleState,
} from '../shared-session';
import { CONNECTOR_MODULE_PREFIX, currentShopConnectors, shopConnectors$ } from './connectors';

/**
 * A connector module that failed to load at boot: the runtime's error panel (its texts, its
 * look) with a retry that loads the bundle again; registered, the connector shows instead.
 */
function FailedConnector({ module }: { module: BootModuleState }) {
  const { t } = useTranslation(['shops', 'runtime']);
  const [retrying, setRetrying] = useState(false);
  const titleKey = `${module.namespace}:title`;
  const title = i18n.exists(titleKey) ? t(titleKey) : module.name;
  return (
    <Callout
      intent={Intent.DANGER}
      icon="error"
      role="alert"
      className="kontor-module-error"
      title={t('runtime:moduleFailed')}
    >
      <p>
        <strong>{title}</strong> — {t('runtime:moduleFailedHint')}
      </p>
      <p className="bp6-text-muted bp6-text-small">
        {module.name}: {module.error}
      </p>
      <Button
        intent={Intent.PRIMARY}
        text={t('runtime:retry')}
        loading={retrying || module.status === 'loading'}
        onClick={() => {
          setRetrying(true);
          void module.retry().finally(() => setRetrying(false));
        }}
      />
    </Callout>
  );
}

/**
 * The connectors of this installation: each registered one links to its screen (its
 * connections and its setup help); a connector module that could not be loaded shows the
 * runtime's error panel with a retry, and every other connector and screen goes on working.
 */
export function ConnectorsSection() {
  const { t } = useTranslation('shops');
  const connectors = useObservable(shopConnectors$, currentShopConnectors());
  const failed = useObservable(bootModules$, currentBootModules()).filter(
    (module) =>
      module.name.startsWith(CONNECTOR_MODULE_PREFIX) &&
      // A retry that is loading keeps its panel (and its spinner) until it has ended.
      (module.status === 'failed' || (module.status === 'loading' && module.error !== undefined)),
  );
  return (
    <section className="kontor-shop-connectors" aria-labelledby="kontor-shop-connectors-title">
      <H3 id="kontor-shop-connectors-title">{t('shops:connectors.title')}</H3>
      {connectors.length === 0 && failed.length === 0 ? (
        <EmptyState description={t('shops:connectors.none')} />
      ) : (
        <ul className="kontor-shop-connector-list">
          {connectors.map((connector) => (
            <li key={connector.name}>
              <Link to={connector.pathTo} className="kontor-shop-connector">
                <Icon icon={(connector.menu?.icon ?? 'shop') as IconName} size={20} />
                <span>{t(connector.title)}</span>
              </Link>
            </li>
          ))}
          {failed.map((module) => (
            <li key={module.name}>
              <FailedConnector module={module} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
