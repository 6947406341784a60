// The one door from this module to @kontor/shared-session, @kontor/ui and the shared libraries
// its pages run on (one place to mock them): Apollo's hooks read through the page's normalized
// cache, react-router-dom's hooks and Link work inside the module's route table.
export {
  bootModules$,
  can,
  currentBootModules,
  defineModule,
  i18n,
  moduleTexts,
  navigate,
  Page,
  registerMenuItems,
  registerRoute,
  showToast,
  useObservable,
  useTranslation,
  format,
} from '@kontor/shared-session';
export type { BootModuleState, ModulePages, PageProps } from '@kontor/shared-session';
export { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
export { Link, useSearchParams } from 'react-router-dom';
export {
  CheckboxField,
  CheckboxList,
  DataTable,
  EmptyState,
  errorText,
  FormActions,
  FormSection,
  graphqlProblem,
  KontorForm,
  ListPage,
  problemText,
  queryState,
  RecordPage,
  RecordPicker,
  rules,
  ruleMessage,
  SelectField,
  TableScroll,
  TextField,
  useConfirm,
  useKontorForm,
} from '@kontor/ui';
export type { Column, FormState } from '@kontor/ui';
