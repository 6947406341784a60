// The one door from this module to @kontor/shared-session, @kontor/ui and the shared libraries
// its pages run on (one place to mock them): Apollo's hooks read through the page's normalized
// cache, react-router-dom's hooks and Link work inside the module's route table.
export {
  defineModule,
  can,
  i18n,
  loginAs,
  useTranslation,
  useSession,
  Page,
  showToast,
} from '@kontor/shared-session';
export { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
export { Link, useParams, useSearchParams } from 'react-router-dom';
export type { ModulePages, PageProps } from '@kontor/shared-session';
export {
  ListPage,
  useChoices,
  useRecordForm,
  Form,
  FormPage,
  FormField,
  TextField,
  SelectField,
  CheckboxField,
  CheckboxList,
  CountryField,
  AddressFields,
  ADDRESS_FIELDS,
  addressRules,
  addressValues,
  RecordPicker,
  rules,
  FormSection,
  createPage,
  editPage,
  DataTable,
  TableScroll,
  EmptyState,
  UploadField,
  JobProgress,
  JobStateTag,
  useJobEvents,
  jobFinished,
  graphqlProblem,
  problemText,
  errorText,
  ruleMessage,
} from '@kontor/ui';
export type {
  RecordFormProps,
  Upload,
  JobView,
  JobEvent,
  JobState,
  Column,
  AddressField,
} from '@kontor/ui';
