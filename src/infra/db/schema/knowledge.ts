import type { ColumnType, Generated, Selectable } from 'kysely';

export type KnowledgeSourceType = 'url' | 'text';
export type KnowledgeStatus = 'pending' | 'ready' | 'failed';

/** A knowledge document: text given or fetched from a URL, chunked and indexed. */
export interface KnowledgeDocumentsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  title: string;
  source_type: KnowledgeSourceType;
  source_url: string | null;
  /** The text indexed: as given, or the URL's page cleaned to text once fetched. */
  text: string | null;
  status: Generated<KnowledgeStatus>;
  error: string | null;
  char_count: Generated<number>;
  chunk_count: Generated<number>;
  /** The embedding model of the chunks' vectors; null when indexed for full-text search only. */
  embedding_model: string | null;
  indexed_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type KnowledgeDocument = Selectable<KnowledgeDocumentsTable>;

/** One overlapping chunk of a document, with its full-text vector and (optionally) its embedding. */
export interface KnowledgeChunksTable {
  id: Generated<number>;
  document_id: string;
  account_id: string;
  workflow_id: string;
  chunk_index: number;
  text: string;
  /** Written as SQL (`to_tsvector`), read as text. */
  tsv: ColumnType<string, unknown, unknown>;
  embedding: number[] | null;
}
