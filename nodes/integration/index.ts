// The `integration` category: one folder per node type, each registered here as `integration/<folder>`.
import type { NodeDefinition } from '../../src/engine/node-sdk';
import { integrationAirtableCreateRecord } from './airtable-create-record/index';
import { integrationConnectionRequest } from './connection-request/index';
import { integrationDiscordWebhook } from './discord-webhook/index';
import { integrationGithubCreateIssue } from './github-create-issue/index';
import { integrationGoogleSheetsAppend } from './google-sheets-append/index';
import { integrationJiraCreateIssue } from './jira-create-issue/index';
import { integrationLinearCreateIssue } from './linear-create-issue/index';
import { integrationMqttPublish } from './mqtt-publish/index';
import { integrationMqttSubscribe } from './mqtt-subscribe/index';
import { integrationMysqlDelete } from './mysql-delete/index';
import { integrationMysqlInsert } from './mysql-insert/index';
import { integrationMysqlQuery } from './mysql-query/index';
import { integrationMysqlUpdate } from './mysql-update/index';
import { integrationNatsJetstreamPublish } from './nats-jetstream-publish/index';
import { integrationNatsPublish } from './nats-publish/index';
import { integrationNatsRequest } from './nats-request/index';
import { integrationNotionCreatePage } from './notion-create-page/index';
import { integrationPostgresDelete } from './postgres-delete/index';
import { integrationPostgresInsert } from './postgres-insert/index';
import { integrationPostgresQuery } from './postgres-query/index';
import { integrationPostgresUpdate } from './postgres-update/index';
import { integrationRabbitmqConsume } from './rabbitmq-consume/index';
import { integrationRabbitmqPublish } from './rabbitmq-publish/index';
import { integrationRedisDelete } from './redis-delete/index';
import { integrationRedisGet } from './redis-get/index';
import { integrationRedisIncr } from './redis-incr/index';
import { integrationRedisListPop } from './redis-list-pop/index';
import { integrationRedisListPush } from './redis-list-push/index';
import { integrationRedisPublish } from './redis-publish/index';
import { integrationRedisSet } from './redis-set/index';
import { integrationSlackPostMessage } from './slack-post-message/index';
import { integrationSmtpSend } from './smtp-send/index';
import { integrationTelegramSendMessage } from './telegram-send-message/index';
import { integrationTrelloCreateCard } from './trello-create-card/index';

export const integrationNodes: Record<string, NodeDefinition[]> = {
  'integration/airtable-create-record': [integrationAirtableCreateRecord],
  'integration/connection-request': [integrationConnectionRequest],
  'integration/discord-webhook': [integrationDiscordWebhook],
  'integration/github-create-issue': [integrationGithubCreateIssue],
  'integration/google-sheets-append': [integrationGoogleSheetsAppend],
  'integration/jira-create-issue': [integrationJiraCreateIssue],
  'integration/linear-create-issue': [integrationLinearCreateIssue],
  'integration/mqtt-publish': [integrationMqttPublish],
  'integration/mqtt-subscribe': [integrationMqttSubscribe],
  'integration/mysql-delete': [integrationMysqlDelete],
  'integration/mysql-insert': [integrationMysqlInsert],
  'integration/mysql-query': [integrationMysqlQuery],
  'integration/mysql-update': [integrationMysqlUpdate],
  'integration/nats-jetstream-publish': [integrationNatsJetstreamPublish],
  'integration/nats-publish': [integrationNatsPublish],
  'integration/nats-request': [integrationNatsRequest],
  'integration/notion-create-page': [integrationNotionCreatePage],
  'integration/postgres-delete': [integrationPostgresDelete],
  'integration/postgres-insert': [integrationPostgresInsert],
  'integration/postgres-query': [integrationPostgresQuery],
  'integration/postgres-update': [integrationPostgresUpdate],
  'integration/rabbitmq-consume': [integrationRabbitmqConsume],
  'integration/rabbitmq-publish': [integrationRabbitmqPublish],
  'integration/redis-delete': [integrationRedisDelete],
  'integration/redis-get': [integrationRedisGet],
  'integration/redis-incr': [integrationRedisIncr],
  'integration/redis-list-pop': [integrationRedisListPop],
  'integration/redis-list-push': [integrationRedisListPush],
  'integration/redis-publish': [integrationRedisPublish],
  'integration/redis-set': [integrationRedisSet],
  'integration/slack-post-message': [integrationSlackPostMessage],
  'integration/smtp-send': [integrationSmtpSend],
  'integration/telegram-send-message': [integrationTelegramSendMessage],
  'integration/trello-create-card': [integrationTrelloCreateCard],
};
