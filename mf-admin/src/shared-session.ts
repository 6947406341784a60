// The one door from this module to @kontor/shared-session (one place to mock it).
export {
  defineModule,
  can,
  loginAs,
  useTranslation,
  useSession,
  useGraphqlQuery,
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
  FormSection,
  createPage,
  editPage,
} from '@kontor/shared-session';
export type { ModulePages, PageProps, RecordFormProps } from '@kontor/shared-session';
