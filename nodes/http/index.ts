// The `http` category: one folder per node type, each registered here as `http/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { httpDownload } from './download/index';
import { httpGraphql } from './graphql/index';
import { httpHtmlExtract } from './html-extract/index';
import { httpRequest } from './request/index';
import { httpRssRead } from './rss-read/index';
import { httpSitemap } from './sitemap/index';

export const httpNodes: Record<string, NodeDefinition[]> = {
  'http/download': [httpDownload],
  'http/graphql': [httpGraphql],
  'http/html-extract': [httpHtmlExtract],
  'http/request': [httpRequest],
  'http/rss-read': [httpRssRead],
  'http/sitemap': [httpSitemap],
};
