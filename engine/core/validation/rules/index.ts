/** Every validation rule by name; each lives in its own module. */
import type { ValidationRule } from '../types';
import { after } from './after';
import { afterOrEqual } from './afterOrEqual';
import { alpha } from './alpha';
import { alpha_dash } from './alpha_dash';
import { alpha_num } from './alpha_num';
import { alpha_spaces } from './alpha_spaces';
import { applicationTargetMatchesList } from './applicationTargetMatchesList';
import { before } from './before';
import { beforeOrEqual } from './beforeOrEqual';
import { between } from './between';
import { confirmed } from './confirmed';
import { credit_card } from './credit_card';
import { customRatio } from './customRatio';
import { date_after } from './date_after';
import { date_before } from './date_before';
import { date_between } from './date_between';
import { date_format } from './date_format';
import { decimal } from './decimal';
import { digits } from './digits';
import { dimensions } from './dimensions';
import { email } from './email';
import { email_extended } from './email_extended';
import { entity_title } from './entity_title';
import { excluded } from './excluded';
import { ext } from './ext';
import { feed_valid } from './feed_valid';
import { file_types } from './file_types';
import { filterDuplicatesByKey } from './filterDuplicatesByKey';
import { handlebars } from './handlebars';
import { handlebarsOrURL } from './handlebarsOrURL';
import { image } from './image';
import { inList } from './in';
import { ip } from './ip';
import { isLink } from './isLink';
import { languageTags } from './languageTags';
import { max } from './max';
import { maxFileSize } from './maxFileSize';
import { maxHtml } from './maxHtml';
import { max_custom } from './max_custom';
import { max_value } from './max_value';
import { mimes } from './mimes';
import { min } from './min';
import { min_custom } from './min_custom';
import { min_value } from './min_value';
import { not_in } from './not_in';
import { notification_ownership } from './notification_ownership';
import { numeric } from './numeric';
import { options_required } from './options_required';
import { regex } from './regex';
import { required } from './required';
import { size } from './size';
import { slug } from './slug';
import { slug_valid } from './slug_valid';
import { uniqueness } from './uniqueness';
import { url } from './url';

export const validationRules: Record<string, ValidationRule> = {
  after,
  afterOrEqual,
  alpha,
  alpha_dash,
  alpha_num,
  alpha_spaces,
  applicationTargetMatchesList,
  before,
  beforeOrEqual,
  between,
  confirmed,
  credit_card,
  customRatio,
  date_after,
  date_before,
  date_between,
  date_format,
  decimal,
  digits,
  dimensions,
  email,
  email_extended,
  entity_title,
  excluded,
  ext,
  feed_valid,
  file_types,
  filterDuplicatesByKey,
  handlebars,
  handlebarsOrURL,
  image,
  in: inList,
  ip,
  isLink,
  languageTags,
  max,
  maxFileSize,
  maxHtml,
  max_custom,
  max_value,
  mimes,
  min,
  min_custom,
  min_value,
  not_in,
  notification_ownership,
  numeric,
  options_required,
  regex,
  required,
  size,
  slug,
  slug_valid,
  uniqueness,
  url,
};
