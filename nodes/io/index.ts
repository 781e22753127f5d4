// The `io` category: one folder per node type, each registered here as `io/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { ioAggregate } from './aggregate/index';
import { ioBase64Decode } from './base64-decode/index';
import { ioBase64Encode } from './base64-encode/index';
import { ioCompare } from './compare/index';
import { ioCsvBuild } from './csv-build/index';
import { ioCsvParse } from './csv-parse/index';
import { ioDateTime } from './date-time/index';
import { ioDedupe } from './dedupe/index';
import { ioFilter } from './filter/index';
import { ioHash } from './hash/index';
import { ioHmac } from './hmac/index';
import { ioHtmlToText } from './html-to-text/index';
import { ioItemLists } from './item-lists/index';
import { ioJsonBuild } from './json-build/index';
import { ioJsonParse } from './json-parse/index';
import { ioLimit } from './limit/index';
import { ioMath } from './math/index';
import { ioMergeObjects } from './merge-objects/index';
import { ioNumberFormat } from './number-format/index';
import { ioOmit } from './omit/index';
import { ioPick } from './pick/index';
import { ioRandom } from './random/index';
import { ioRegexExtract } from './regex-extract/index';
import { ioRegexReplace } from './regex-replace/index';
import { ioRename } from './rename/index';
import { ioSet } from './set/index';
import { ioSlugify } from './slugify/index';
import { ioSort } from './sort/index';
import { ioSplitOut } from './split-out/index';
import { ioTemplate } from './template/index';
import { ioTextCase } from './text-case/index';
import { ioTextJoin } from './text-join/index';
import { ioTextPad } from './text-pad/index';
import { ioTextSplit } from './text-split/index';
import { ioTextTrim } from './text-trim/index';
import { ioTextTruncate } from './text-truncate/index';
import { ioUrlBuild } from './url-build/index';
import { ioUrlParse } from './url-parse/index';
import { ioXmlBuild } from './xml-build/index';
import { ioXmlParse } from './xml-parse/index';
import { ioYamlBuild } from './yaml-build/index';
import { ioYamlParse } from './yaml-parse/index';

export const ioNodes: Record<string, NodeDefinition[]> = {
  'io/aggregate': [ioAggregate],
  'io/base64-decode': [ioBase64Decode],
  'io/base64-encode': [ioBase64Encode],
  'io/compare': [ioCompare],
  'io/csv-build': [ioCsvBuild],
  'io/csv-parse': [ioCsvParse],
  'io/date-time': [ioDateTime],
  'io/dedupe': [ioDedupe],
  'io/filter': [ioFilter],
  'io/hash': [ioHash],
  'io/hmac': [ioHmac],
  'io/html-to-text': [ioHtmlToText],
  'io/item-lists': [ioItemLists],
  'io/json-build': [ioJsonBuild],
  'io/json-parse': [ioJsonParse],
  'io/limit': [ioLimit],
  'io/math': [ioMath],
  'io/merge-objects': [ioMergeObjects],
  'io/number-format': [ioNumberFormat],
  'io/omit': [ioOmit],
  'io/pick': [ioPick],
  'io/random': [ioRandom],
  'io/regex-extract': [ioRegexExtract],
  'io/regex-replace': [ioRegexReplace],
  'io/rename': [ioRename],
  'io/set': [ioSet],
  'io/slugify': [ioSlugify],
  'io/sort': [ioSort],
  'io/split-out': [ioSplitOut],
  'io/template': [ioTemplate],
  'io/text-case': [ioTextCase],
  'io/text-join': [ioTextJoin],
  'io/text-pad': [ioTextPad],
  'io/text-split': [ioTextSplit],
  'io/text-trim': [ioTextTrim],
  'io/text-truncate': [ioTextTruncate],
  'io/url-build': [ioUrlBuild],
  'io/url-parse': [ioUrlParse],
  'io/xml-build': [ioXmlBuild],
  'io/xml-parse': [ioXmlParse],
  'io/yaml-build': [ioYamlBuild],
  'io/yaml-parse': [ioYamlParse],
};
