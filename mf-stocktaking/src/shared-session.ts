// The one door from this module to @kontor/shared-session, @kontor/ui and the shared libraries
// its pages run on (one place to mock them): Apollo's hooks read through the page's normalized
// cache, react-router-dom's hooks and Link work inside the module's route table.
export {
  defineModule,
  moduleTexts,
  can,
  formatCurrency,
  i18n,
  navigate,
  Page,
  showToast,
  useTranslation,
  useFormat,
  format,
} from '@kontor/shared-session';
export type { ModulePages, PageProps } from '@kontor/shared-session';
export { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
export { Link } from 'react-router-dom';
export {
  CheckboxField,
  DataTable,
  ScannerField,
  ScanFieldGroup,
  ScanInput,
  ScanScreen,
  ScanTarget,
  scanRefusal,
  useFocusRequest,
  useScanFeedback,
  TableScroll,
  EmptyState,
  FormActions,
  graphqlProblem,
  KontorForm,
  problemText,
  queryState,
  RecordPage,
  RecordPicker,
  rules,
  SelectField,
  TextField,
  DateField,
  useConfirm,
  useKontorForm,
} from '@kontor/ui';
export type { Column } from '@kontor/ui';
