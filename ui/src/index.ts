// @kontor/ui: the list and form toolkit every record screen is built from. Its own import-map
// entry, loaded with the first page that imports it (never by /login); it reaches the session,
// i18n, toasts and the Apollo client through @kontor/shared-session.
export { EmptyState, RecordPage } from './record-page';
export { runGraphql, graphqlProblem, queryState, isMessage } from './graphql';
export type { FieldRule, GraphqlProblem, GraphqlQueryState } from './graphql';
export {
  useKontorForm,
  KontorForm,
  errorText,
  FormField,
  TextField,
  SelectField,
  CheckboxField,
  CheckboxList,
  FormActions,
  FormSection,
} from './forms';
export { DateField, DayInput } from './date-field';
export type { DayInputProps } from './date-field';
export { parseDay } from './day';
export { fieldRuleText, problemText, serverProblem } from './server-problem';
export { refusalText } from './refusal-text';
export { messageOf } from './message';
export type { ServerProblem } from './server-problem';
export { rules, ruleMessage, z } from './rules';
export type { ZodMiniType } from './rules';
export type { FormRules } from './rules';
export { CountryField, useCountries } from './country-field';
export {
  AddressFields,
  ADDRESS_FIELDS,
  addressFieldsOf,
  addressRules,
  addressValues,
} from './address-fields';
export type { AddressField, AddressPart } from './address-fields';
export { RecordPicker, RecordsPicker } from './record-picker';
export type { RecordChoice, PickerQuery } from './record-picker';
export type { FormState } from './forms';
export { DataTable } from './data-table';
export { TableScroll } from './table-scroll';
export { ScannerField } from './scanner-field';
export {
  ScanScreen,
  ScanTarget,
  ScanFieldGroup,
  ScanInput,
  onEnterKey,
  useScanFeedback,
  scanRefusal,
  useRememberedChoice,
  beep,
  playedSounds,
  revealInScanScreen,
} from './scan';
export type {
  ScanScreenProps,
  ScanInputProps,
  ScanKind,
  ScanMessageValue,
  ScanRefusal,
} from './scan';
export { useFocusRequest } from './focus-request';
export type { ScannerFieldProps, ScanResult } from './scanner-field';
export type { Column, ListFilter, ListVariables } from './data-table';
export { useConfirm } from './confirm';
export { ListPage, useChoices, useRecordForm, Form, FormPage, createPage, editPage } from './crud';
export type { RowDelete, ListForms, VersionedRecord, RecordFormProps } from './crud';
export { JobProgress, JobStateTag, JobDocument, useJobEvents, jobFinished } from './job-progress';
export type { JobState, JobEvent, JobView, JobChannel, JobProgressValue } from './job-progress';
export { UploadField, uploadFile, formatFileSize } from './upload-field';
export type { Upload } from './upload-field';
export { ImportPage, importReasonText, importSummary } from './import-page';
export type {
  ImportPageProps,
  ImportPicker,
  ImportPreview,
  ImportRejected,
  ImportResult,
  ImportMode,
  ImportVariables,
} from './import-page';
export type { RecordPageOptions } from './crud';
export type { PageBack } from './record-page';
export type { TableLayout } from './table-scroll';
