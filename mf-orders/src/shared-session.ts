// The one door from this module to @kontor/shared-session, @kontor/ui and the shared libraries
// its pages run on (one place to mock them).
export {
  defineModule,
  moduleTexts,
  placeholderPages,
  Page,
  useTranslation,
  can,
  i18n,
  navigate,
  showToast,
  recordChanges$,
  useSession,
} from '@kontor/shared-session';
export type { ModulePages, PageProps } from '@kontor/shared-session';
export { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
export { Link, useSearchParams } from 'react-router-dom';
export {
  AddressFields,
  addressRules,
  addressValues,
  CheckboxField,
  DataTable,
  ScannerField,
  ScanScreen,
  revealInScanScreen,
  ScanTarget,
  ScanFieldGroup,
  ScanInput,
  onEnterKey,
  useScanFeedback,
  useFocusRequest,
  TableScroll,
  errorText,
  FormActions,
  FormSection,
  graphqlProblem,
  JobProgress,
  KontorForm,
  problemText,
  queryState,
  RecordPage,
  RecordPicker,
  rules,
  ruleMessage,
  SelectField,
  TextField,
  useConfirm,
  useKontorForm,
  UploadField,
  ImportPage,
} from '@kontor/ui';
export type { AddressField, Column, FormState, RecordFormProps, Upload } from '@kontor/ui';
