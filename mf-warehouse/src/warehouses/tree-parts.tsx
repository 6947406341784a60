import { Button, Icon, Intent, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import {
  RackPlacesDocument,
  WarehouseTreeDocument,
  type RackPlacesQuery,
  type WarehouseTreeQuery,
} from '../graphql/generated';
import { useApolloClient, useTranslation } from '../shared-session';

// What the warehouse tree's pieces share (tree.tsx, rack-places.tsx, tree-forms.tsx): the
// records, what a dialog edits, and a row of the tree with its actions — side by side on a
// desk, one "actions" menu per row where the tree is narrower (a tablet, a phone), so a row
// never wraps onto two or three lines.

export const T = 'warehouse:warehouses';

export type Storage = NonNullable<WarehouseTreeQuery['warehouse']>['storages'][number];
export type Rack = Storage['racks'][number];
export type Place = NonNullable<RackPlacesQuery['rack']>['places'][number];

/** What the tree's dialog edits: a new or existing storage, rack or place, or a series of places. */
export type Editing =
  | { kind: 'storage'; warehouseId: string; record?: Storage }
  | { kind: 'rack'; storageId: string; record?: Rack }
  | { kind: 'place'; rackId: string; prefix: string; record?: Place }
  | { kind: 'places'; rackId: string; prefix: string };

/** The refetch after a change of the tree: the open tree and racks show it at once. */
export function useRefetch() {
  const client = useApolloClient();
  return () => client.refetchQueries({ include: [WarehouseTreeDocument, RackPlacesDocument] });
}

/** One action of a row: a button (or the labels PDF link); its name says what it does to which node. */
export interface RowAction {
  key: string;
  icon: 'add' | 'layers' | 'edit' | 'trash' | 'barcode';
  text: string;
  /** The node it acts on (the accessible name is "text target"). */
  target: string;
  /** Shown with its text beside the row on a desk (others: the icon only). */
  labelled?: boolean;
  danger?: boolean;
  onClick?: () => void;
  /** A link instead (the labels PDF, in a new tab). */
  href?: string;
}

/** A row's actions: inline on a desk, in one menu below (CSS picks by the tree's width). */
export function RowActions({ actions, target }: { actions: RowAction[]; target: string }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  if (actions.length === 0) return null;
  const safe = actions.filter((action) => !action.danger);
  const danger = actions.filter((action) => action.danger);
  const item = (action: RowAction) => (
    <MenuItem
      key={action.key}
      icon={action.icon}
      text={action.text}
      intent={action.danger ? Intent.DANGER : undefined}
      onClick={action.onClick}
      href={action.href}
      target={action.href ? '_blank' : undefined}
      rel={action.href ? 'noreferrer' : undefined}
    />
  );
  return (
    <>
      <span className="kontor-tree-inline-actions">
        {actions.map((action) =>
          action.href ? (
            <a
              key={action.key}
              className="bp6-button bp6-minimal bp6-small"
              href={action.href}
              target="_blank"
              rel="noreferrer"
              aria-label={`${action.text} ${action.target}`}
            >
              <Icon icon={action.icon} />
              <span className="bp6-button-text">{action.text}</span>
            </a>
          ) : (
            <Button
              key={action.key}
              size="small"
              variant="minimal"
              intent={action.danger ? Intent.DANGER : undefined}
              icon={action.icon}
              text={action.labelled ? action.text : undefined}
              aria-label={`${action.text} ${action.target}`}
              title={action.text}
              onClick={action.onClick}
            />
          ),
        )}
      </span>
      <span className="kontor-tree-menu">
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu aria-label={`${t('ui:actions')} ${target}`}>
              {safe.map(item)}
              {danger.length > 0 && safe.length > 0 ? <MenuDivider /> : null}
              {danger.map(item)}
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="more"
            aria-label={`${t('ui:actions')} ${target}`}
            title={t('ui:actions')}
          />
        </PopoverNext>
      </span>
    </>
  );
}

/** A storage's or a rack's row: open/close, its kind, code, name (and count), its actions. */
export function TreeRow({
  kind,
  code,
  name,
  count,
  open,
  onToggle,
  actions,
}: {
  kind: 'storage' | 'rack';
  code: string;
  name: string;
  count?: ReactNode;
  open: boolean;
  onToggle: () => void;
  actions: RowAction[];
}) {
  const { t } = useTranslation('warehouse');
  const full = `${code} – ${name}`;
  return (
    <div className={`kontor-tree-row kontor-tree-row--${kind}`}>
      <Button
        variant="minimal"
        icon={open ? 'caret-down' : 'caret-right'}
        aria-label={t(`${T}.tree.${open ? 'close' : 'open'}`, { name: full })}
        onClick={onToggle}
      />
      <span className="kontor-tree-kind">{t(`${T}.tree.${kind}`)}</span>
      <strong className="kontor-tree-code">{code}</strong>
      <span className="kontor-tree-name">{name}</span>
      {count ? <span className="kontor-tree-count">{count}</span> : null}
      <span className="kontor-tree-spacer" />
      <RowActions actions={actions} target={code} />
    </div>
  );
}

/** The labels PDF of a node, as a row action. */
export const labelsAction = (
  t: (key: string) => string,
  query: string,
  target: string,
): RowAction => ({
  key: 'labels',
  icon: 'barcode',
  text: t(`${T}.tree.labels`),
  target,
  href: `/spa/warehouses/labels.pdf?${query}`,
});
