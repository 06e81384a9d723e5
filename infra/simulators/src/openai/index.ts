export {
  DEFAULT_FAKE_API_KEY,
  FAKE_MODELS,
  OPENAI_FAKE_MODES,
  startOpenAiFake,
  type OpenAiFake,
  type OpenAiFakeMode,
  type OpenAiFakeOptions,
  type RecordedRequest,
} from './openai-fake.js';
