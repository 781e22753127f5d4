import { Router } from 'express';
import { route } from '../infra/http/route';
import { LANGUAGE_NAMES, LOCAL_LANGUAGES } from './providers/local/translate';
import { TranslateLanguagesView } from './views';

/**
 * `GET /v1/ai/text/translate/languages`: the target (and source) languages `POST
 * /v1/ai/text/translate` accepts, so a client can check before it pays. Another code answers 400.
 */
export function translateLanguageRoutes(): Router {
  const router = Router();
  router.get(
    '/ai/text/translate/languages',
    route({ response: TranslateLanguagesView, summary: 'The languages translation accepts' }, () => ({
      object: 'list' as const,
      data: LOCAL_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    })),
  );
  return router;
}
