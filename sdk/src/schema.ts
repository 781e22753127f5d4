// Generated from the server's /openapi.json by `npm run sdk:types`; do not edit.
export interface paths {
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API reference, rendered */
        get: operations["get_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/redoc.standalone.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference page's script (Redoc) */
        get: operations["get_docs_redoc_standalone_js"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/analytics/criteria": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a criterion every finished run of the workflow is scored on (0..1)
         * @description Also served at `/engine/v1/analytics/criteria`.
         */
        post: operations["post_engine_v1_v1_analytics_criteria"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/analytics/criteria/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A workflow's analytics criteria
         * @description Also served at `/engine/v1/analytics/criteria/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_analytics_criteria_workflow_id"];
        put?: never;
        post?: never;
        /**
         * Delete an analytics criterion
         * @description Also served at `/engine/v1/analytics/criteria/{id}`.
         */
        delete: operations["delete_engine_v1_v1_analytics_criteria_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/analytics/data-points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a typed data point extracted from every finished run of the workflow
         * @description Also served at `/engine/v1/analytics/data-points`.
         */
        post: operations["post_engine_v1_v1_analytics_data_points"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/analytics/data-points/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A workflow's analytics data points
         * @description Also served at `/engine/v1/analytics/data-points/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_analytics_data_points_workflow_id"];
        put?: never;
        post?: never;
        /**
         * Delete an analytics data point
         * @description Also served at `/engine/v1/analytics/data-points/{id}`.
         */
        delete: operations["delete_engine_v1_v1_analytics_data_points_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/analytics/run-analyses/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analyses of the workflow's finished runs, newest first
         * @description Also served at `/engine/v1/analytics/run-analyses/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_analytics_run_analyses_workflow_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The approvals inbox: what waits for the caller (a key: the account's; a console user: those naming them or open to all)
         * @description Also served at `/engine/v1/approvals`.
         */
        get: operations["get_engine_v1_v1_approvals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/approvals/{id}
         * @description Also served at `/engine/v1/approvals/{id}`.
         */
        get: operations["get_engine_v1_v1_approvals_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/approvals/{id}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject (once per approver; a repeat answers the first decision)
         * @description Also served at `/engine/v1/approvals/{id}/decisions`.
         */
        post: operations["post_engine_v1_v1_approvals_id_decisions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/approvals/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a one-time link for a link approver (the token is shown once): an admin key, the account owner or a named approver
         * @description Also served at `/engine/v1/approvals/{id}/links`.
         */
        post: operations["post_engine_v1_v1_approvals_id_links"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/approvals/links/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a one-time approval link asks (no API key: the link is the credential)
         * @description Also served at `/engine/v1/approvals/links/{token}`.
         */
        get: operations["get_engine_v1_v1_approvals_links_token"];
        put?: never;
        /**
         * Decide through a one-time approval link (no API key; the link is spent)
         * @description Also served at `/engine/v1/approvals/links/{token}`.
         */
        post: operations["post_engine_v1_v1_approvals_links_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/audit
         * @description Also served at `/engine/v1/audit`.
         */
        post: operations["post_engine_v1_v1_audit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/audit/recent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/audit/recent
         * @description Also served at `/engine/v1/audit/recent`.
         */
        get: operations["get_engine_v1_v1_audit_recent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/audit/workflow/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/audit/workflow/{workflow_id}
         * @description Also served at `/engine/v1/audit/workflow/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_audit_workflow_workflow_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/connections
         * @description Also served at `/engine/v1/connections`.
         */
        get: operations["get_engine_v1_v1_connections"];
        put?: never;
        /**
         * POST /engine/v1/v1/connections
         * @description Also served at `/engine/v1/connections`.
         */
        post: operations["post_engine_v1_v1_connections"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/connections/{connection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /engine/v1/v1/connections/{connection_id}
         * @description Also served at `/engine/v1/connections/{connection_id}`.
         */
        delete: operations["delete_engine_v1_v1_connections_connection_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/connections/{connection_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/connections/{connection_id}/test
         * @description Also served at `/engine/v1/connections/{connection_id}/test`.
         */
        post: operations["post_engine_v1_v1_connections_connection_id_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/hooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of a webhook-triggered workflow (no API key; when the hook has a secret: x-fh-timestamp and x-fh-signature: sha256=<hex HMAC of "<timestamp>.<raw body>">)
         * @description Also served at `/engine/v1/hooks/{webhook_id}`.
         */
        post: operations["post_engine_v1_v1_hooks_webhook_id"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/hooks/{webhook_id}/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of a webhook-triggered workflow (no API key; when the hook has a secret: x-fh-timestamp and x-fh-signature: sha256=<hex HMAC of "<timestamp>.<raw body>">)
         * @description Also served at `/engine/v1/hooks/{webhook_id}/{path}`.
         */
        post: operations["post_engine_v1_v1_hooks_webhook_id_path"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/incidents
         * @description Also served at `/engine/v1/incidents`.
         */
        get: operations["get_engine_v1_v1_incidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/incidents/{incident_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/incidents/{incident_id}/replay
         * @description Also served at `/engine/v1/incidents/{incident_id}/replay`.
         */
        post: operations["post_engine_v1_v1_incidents_incident_id_replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/incidents/{incident_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * PATCH /engine/v1/v1/incidents/{incident_id}/status
         * @description Also served at `/engine/v1/incidents/{incident_id}/status`.
         */
        patch: operations["patch_engine_v1_v1_incidents_incident_id_status"];
        trace?: never;
    };
    "/engine/v1/v1/knowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge documents (optionally of one workflow)
         * @description Also served at `/engine/v1/knowledge`.
         */
        get: operations["get_engine_v1_v1_knowledge"];
        put?: never;
        /**
         * Add a knowledge document (text is indexed at once; a URL is fetched in the background)
         * @description Also served at `/engine/v1/knowledge`.
         */
        post: operations["post_engine_v1_v1_knowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/knowledge/{doc_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One knowledge document and its indexing status
         * @description Also served at `/engine/v1/knowledge/{doc_id}`.
         */
        get: operations["get_engine_v1_v1_knowledge_doc_id"];
        put?: never;
        post?: never;
        /**
         * Delete a knowledge document and its chunks
         * @description Also served at `/engine/v1/knowledge/{doc_id}`.
         */
        delete: operations["delete_engine_v1_v1_knowledge_doc_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/knowledge/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search knowledge: top chunks with their source (hybrid full-text + embedding ranking)
         * @description Also served at `/engine/v1/knowledge/search`.
         */
        get: operations["get_engine_v1_v1_knowledge_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/nodes
         * @description Also served at `/engine/v1/nodes`.
         */
        get: operations["get_engine_v1_v1_nodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/nodes/{node_type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/nodes/{node_type}
         * @description Also served at `/engine/v1/nodes/{node_type}`.
         */
        get: operations["get_engine_v1_v1_nodes_node_type"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/rate-limits/workflow/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/rate-limits/workflow/{workflow_id}
         * @description Also served at `/engine/v1/rate-limits/workflow/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_rate_limits_workflow_workflow_id"];
        /**
         * PUT /engine/v1/v1/rate-limits/workflow/{workflow_id}
         * @description Also served at `/engine/v1/rate-limits/workflow/{workflow_id}`.
         */
        put: operations["put_engine_v1_v1_rate_limits_workflow_workflow_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/runs
         * @description Also served at `/engine/v1/runs`.
         */
        get: operations["get_engine_v1_v1_runs"];
        put?: never;
        /**
         * POST /engine/v1/v1/runs
         * @description Also served at `/engine/v1/runs`.
         */
        post: operations["post_engine_v1_v1_runs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/runs/{run_id}
         * @description Also served at `/engine/v1/runs/{run_id}`.
         */
        get: operations["get_engine_v1_v1_runs_run_id"];
        put?: never;
        post?: never;
        /**
         * Delete a finished run, its results and their stored blobs
         * @description Also served at `/engine/v1/runs/{run_id}`.
         */
        delete: operations["delete_engine_v1_v1_runs_run_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/{run_id}/cancel
         * @description Also served at `/engine/v1/runs/{run_id}/cancel`.
         */
        post: operations["post_engine_v1_v1_runs_run_id_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run's events: the stored ones after since_seq (or Last-Event-ID), then live until run_finished
         * @description Also served at `/engine/v1/runs/{run_id}/events`.
         */
        get: operations["get_engine_v1_v1_runs_run_id_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/nodes/{node_id}/outputs/{port}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A node output port too large to carry inline (a result reference's bytes), streamed as JSON
         * @description Also served at `/engine/v1/runs/{run_id}/nodes/{node_id}/outputs/{port}`.
         */
        get: operations["get_engine_v1_v1_runs_run_id_nodes_node_id_outputs_port"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/rerun-from": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run a finished run from one of its nodes as a new, linked run
         * @description Also served at `/engine/v1/runs/{run_id}/rerun-from`.
         */
        post: operations["post_engine_v1_v1_runs_run_id_rerun_from"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/{run_id}/resume
         * @description Also served at `/engine/v1/runs/{run_id}/resume`.
         */
        post: operations["post_engine_v1_v1_runs_run_id_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/{run_id}/retry
         * @description Also served at `/engine/v1/runs/{run_id}/retry`.
         */
        post: operations["post_engine_v1_v1_runs_run_id_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/signals/{signal_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/{run_id}/signals/{signal_name}
         * @description Also served at `/engine/v1/runs/{run_id}/signals/{signal_name}`.
         */
        post: operations["post_engine_v1_v1_runs_run_id_signals_signal_name"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/{run_id}/telemetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/runs/{run_id}/telemetry
         * @description Also served at `/engine/v1/runs/{run_id}/telemetry`.
         */
        get: operations["get_engine_v1_v1_runs_run_id_telemetry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/watchdog/recover-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/watchdog/recover-all
         * @description Also served at `/engine/v1/runs/watchdog/recover-all`.
         */
        post: operations["post_engine_v1_v1_runs_watchdog_recover_all"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/watchdog/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/runs/watchdog/scan
         * @description Also served at `/engine/v1/runs/watchdog/scan`.
         */
        post: operations["post_engine_v1_v1_runs_watchdog_scan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/runs/watchdog/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/runs/watchdog/status
         * @description Also served at `/engine/v1/runs/watchdog/status`.
         */
        get: operations["get_engine_v1_v1_runs_watchdog_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/schedules
         * @description Also served at `/engine/v1/schedules`.
         */
        get: operations["get_engine_v1_v1_schedules"];
        put?: never;
        /**
         * POST /engine/v1/v1/schedules
         * @description Also served at `/engine/v1/schedules`.
         */
        post: operations["post_engine_v1_v1_schedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/schedules/{schedule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /engine/v1/v1/schedules/{schedule_id}
         * @description Also served at `/engine/v1/schedules/{schedule_id}`.
         */
        delete: operations["delete_engine_v1_v1_schedules_schedule_id"];
        options?: never;
        head?: never;
        /**
         * PATCH /engine/v1/v1/schedules/{schedule_id}
         * @description Also served at `/engine/v1/schedules/{schedule_id}`.
         */
        patch: operations["patch_engine_v1_v1_schedules_schedule_id"];
        trace?: never;
    };
    "/engine/v1/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/templates
         * @description Also served at `/engine/v1/templates`.
         */
        get: operations["get_engine_v1_v1_templates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/templates/{template_id}
         * @description Also served at `/engine/v1/templates/{template_id}`.
         */
        get: operations["get_engine_v1_v1_templates_template_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/templates/{template_id}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/templates/{template_id}/install
         * @description Also served at `/engine/v1/templates/{template_id}/install`.
         */
        post: operations["post_engine_v1_v1_templates_template_id_install"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/tests
         * @description Also served at `/engine/v1/tests`.
         */
        post: operations["post_engine_v1_v1_tests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tests/{test_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * DELETE /engine/v1/v1/tests/{test_id}
         * @description Also served at `/engine/v1/tests/{test_id}`.
         */
        delete: operations["delete_engine_v1_v1_tests_test_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tests/{test_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/tests/{test_id}/run
         * @description Also served at `/engine/v1/tests/{test_id}/run`.
         */
        post: operations["post_engine_v1_v1_tests_test_id_run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tests/from-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/tests/from-run
         * @description Also served at `/engine/v1/tests/from-run`.
         */
        post: operations["post_engine_v1_v1_tests_from_run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tests/workflow/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/tests/workflow/{workflow_id}
         * @description Also served at `/engine/v1/tests/workflow/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_tests_workflow_workflow_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tools/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List MCP servers
         * @description Also served at `/engine/v1/tools/mcp`.
         */
        get: operations["get_engine_v1_v1_tools_mcp"];
        put?: never;
        /**
         * Register an MCP server
         * @description Also served at `/engine/v1/tools/mcp`.
         */
        post: operations["post_engine_v1_v1_tools_mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tools/mcp/{server_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an MCP server
         * @description Also served at `/engine/v1/tools/mcp/{server_id}`.
         */
        delete: operations["delete_engine_v1_v1_tools_mcp_server_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tools/mcp/{server_id}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List and cache an MCP server's tools
         * @description Also served at `/engine/v1/tools/mcp/{server_id}/discover`.
         */
        post: operations["post_engine_v1_v1_tools_mcp_server_id_discover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tools/workflow/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's agent tools
         * @description Also served at `/engine/v1/tools/workflow/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_tools_workflow_workflow_id"];
        put?: never;
        /**
         * Expose a workflow as an agent tool (upsert by tool_id)
         * @description Also served at `/engine/v1/tools/workflow/{workflow_id}`.
         */
        post: operations["post_engine_v1_v1_tools_workflow_workflow_id"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/tools/workflow/{workflow_id}/{tool_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a workflow tool
         * @description Also served at `/engine/v1/tools/workflow/{workflow_id}/{tool_id}`.
         */
        delete: operations["delete_engine_v1_v1_tools_workflow_workflow_id_tool_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/widget/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/widget/{workflow_id}
         * @description Also served at `/engine/v1/widget/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_widget_workflow_id"];
        /**
         * PUT /engine/v1/v1/widget/{workflow_id}
         * @description Also served at `/engine/v1/widget/{workflow_id}`.
         */
        put: operations["put_engine_v1_v1_widget_workflow_id"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows
         * @description Also served at `/engine/v1/workflows`.
         */
        get: operations["get_engine_v1_v1_workflows"];
        put?: never;
        /**
         * POST /engine/v1/v1/workflows
         * @description Also served at `/engine/v1/workflows`.
         */
        post: operations["post_engine_v1_v1_workflows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows/{workflow_id}
         * @description Also served at `/engine/v1/workflows/{workflow_id}`.
         */
        get: operations["get_engine_v1_v1_workflows_workflow_id"];
        /**
         * PUT /engine/v1/v1/workflows/{workflow_id}
         * @description Also served at `/engine/v1/workflows/{workflow_id}`.
         */
        put: operations["put_engine_v1_v1_workflows_workflow_id"];
        post?: never;
        /**
         * DELETE /engine/v1/v1/workflows/{workflow_id}
         * @description Also served at `/engine/v1/workflows/{workflow_id}`.
         */
        delete: operations["delete_engine_v1_v1_workflows_workflow_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/canary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows/{workflow_id}/canary
         * @description Also served at `/engine/v1/workflows/{workflow_id}/canary`.
         */
        get: operations["get_engine_v1_v1_workflows_workflow_id_canary"];
        put?: never;
        /**
         * POST /engine/v1/v1/workflows/{workflow_id}/canary
         * @description Also served at `/engine/v1/workflows/{workflow_id}/canary`.
         */
        post: operations["post_engine_v1_v1_workflows_workflow_id_canary"];
        /**
         * DELETE /engine/v1/v1/workflows/{workflow_id}/canary
         * @description Also served at `/engine/v1/workflows/{workflow_id}/canary`.
         */
        delete: operations["delete_engine_v1_v1_workflows_workflow_id_canary"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/canary/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/workflows/{workflow_id}/canary/resolve
         * @description Also served at `/engine/v1/workflows/{workflow_id}/canary/resolve`.
         */
        post: operations["post_engine_v1_v1_workflows_workflow_id_canary_resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/workflows/{workflow_id}/duplicate
         * @description Also served at `/engine/v1/workflows/{workflow_id}/duplicate`.
         */
        post: operations["post_engine_v1_v1_workflows_workflow_id_duplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows/{workflow_id}/versions
         * @description Also served at `/engine/v1/workflows/{workflow_id}/versions`.
         */
        get: operations["get_engine_v1_v1_workflows_workflow_id_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows/{workflow_id}/versions/{version}
         * @description Also served at `/engine/v1/workflows/{workflow_id}/versions/{version}`.
         */
        get: operations["get_engine_v1_v1_workflows_workflow_id_versions_version"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GET /engine/v1/v1/workflows/{workflow_id}/webhook
         * @description Also served at `/engine/v1/workflows/{workflow_id}/webhook`.
         */
        get: operations["get_engine_v1_v1_workflows_workflow_id_webhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/{workflow_id}/webhook/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/workflows/{workflow_id}/webhook/secret
         * @description Also served at `/engine/v1/workflows/{workflow_id}/webhook/secret`.
         */
        post: operations["post_engine_v1_v1_workflows_workflow_id_webhook_secret"];
        /**
         * DELETE /engine/v1/v1/workflows/{workflow_id}/webhook/secret
         * @description Also served at `/engine/v1/workflows/{workflow_id}/webhook/secret`.
         */
        delete: operations["delete_engine_v1_v1_workflows_workflow_id_webhook_secret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a run: a sandboxed run of the workflow with chosen nodes mocked, and what a real run would cost
         * @description Also served at `/engine/v1/workflows/simulate`.
         */
        post: operations["post_engine_v1_v1_workflows_simulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/engine/v1/v1/workflows/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * POST /engine/v1/v1/workflows/validate
         * @description Also served at `/engine/v1/workflows/validate`.
         */
        post: operations["post_engine_v1_v1_workflows_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health: Postgres and Temporal answer and a worker polls the task queue (503 names what fails) */
        get: operations["get_healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/storage/s3-access-log/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One record of the storage server's audit log, kept for buckets with access logging */
        post: operations["post_internal_storage_s3_access_log_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/storage/s3-events/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The storage server's bucket events (S3 event records), routed to notification targets and replication rules */
        post: operations["post_internal_storage_s3_events_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics of this process (and its Temporal worker) */
        get: operations["get_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document of every route this server mounts */
        get: operations["get_openapi_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run viewer: recent runs (HTML; signs in with a console session or an API key) */
        get: operations["get_runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run viewer: one run, live (HTML) */
        get: operations["get_runs_run_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run viewer's scripts and styles */
        get: operations["get_runs_assets_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/studio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Workflow Studio: workflows list (HTML; signs in with a console session or an API key) */
        get: operations["get_studio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/studio/{workflow_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Workflow Studio: edit, validate, version and run one workflow (HTML; `new` for a blank canvas) */
        get: operations["get_studio_workflow_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List registered face assets, newest first */
        get: operations["get_v1_ai_assets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/assets/{asset_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One face asset */
        get: operations["get_v1_ai_assets_asset_id"];
        put?: never;
        post?: never;
        /** Erase a face asset (its stored image is deleted) */
        delete: operations["delete_v1_ai_assets_asset_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/assets/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a face image (fetched from image_url and stored) for later generations */
        post: operations["post_v1_ai_assets_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/audio/speech": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Text to speech (JSON with a URL; the audio bytes for Accept: application/octet-stream or audio/*) */
        post: operations["post_v1_ai_audio_speech"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/audio/transcriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Speech to text (multipart, OpenAI-compatible) */
        post: operations["post_v1_ai_audio_transcriptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Chat completion (one complete JSON answer; stream is ignored) */
        post: operations["post_v1_ai_chat_completions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/edit/remove-background": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the background of an image (PNG with transparency) */
        post: operations["post_v1_ai_edit_remove_background"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Embeddings (OpenAI-compatible) */
        post: operations["post_v1_ai_embeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/generate/3d": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a 3D model from an image (a job: poll it) */
        post: operations["post_v1_ai_generate_3d"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/generate/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate an image */
        post: operations["post_v1_ai_generate_image"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/generate/music": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate music (a job: poll it) */
        post: operations["post_v1_ai_generate_music"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/generate/video": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a video (a job: poll it) */
        post: operations["post_v1_ai_generate_video"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/generate/video/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A video generation job */
        get: operations["get_v1_ai_generate_video_job_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/images/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate an image (OpenAI-compatible) */
        post: operations["post_v1_ai_images_generations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The chat models */
        get: operations["get_v1_ai_models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/text/translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Translate text */
        post: operations["post_v1_ai_text_translate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/text/translate/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The languages translation accepts */
        get: operations["get_v1_ai_text_translate_languages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ai/vision/ocr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the text in an image (OCR) */
        post: operations["post_v1_ai_vision_ocr"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/bucket-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/auth/bucket-keys */
        post: operations["post_v1_auth_bucket_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/auth/keys */
        get: operations["get_v1_auth_keys"];
        put?: never;
        /** POST /v1/auth/keys */
        post: operations["post_v1_auth_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/keys/{key_id}/output-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/auth/keys/{key_id}/output-rules */
        get: operations["get_v1_auth_keys_key_id_output_rules"];
        put?: never;
        /** POST /v1/auth/keys/{key_id}/output-rules */
        post: operations["post_v1_auth_keys_key_id_output_rules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/keys/{key_id}/output-rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /v1/auth/keys/{key_id}/output-rules/{rule_id} */
        delete: operations["delete_v1_auth_keys_key_id_output_rules_rule_id"];
        options?: never;
        head?: never;
        /** PATCH /v1/auth/keys/{key_id}/output-rules/{rule_id} */
        patch: operations["patch_v1_auth_keys_key_id_output_rules_rule_id"];
        trace?: never;
    };
    "/v1/auth/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/auth/keys/{keyId} */
        get: operations["get_v1_auth_keys_keyId"];
        put?: never;
        post?: never;
        /** DELETE /v1/auth/keys/{keyId} */
        delete: operations["delete_v1_auth_keys_keyId"];
        options?: never;
        head?: never;
        /** PATCH /v1/auth/keys/{keyId} */
        patch: operations["patch_v1_auth_keys_keyId"];
        trace?: never;
    };
    "/v1/auth/keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/auth/keys/{keyId}/rotate */
        post: operations["post_v1_auth_keys_keyId_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/billing/balance */
        get: operations["get_v1_billing_balance"];
        put?: never;
        /** POST /v1/billing/balance */
        post: operations["post_v1_billing_balance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/billing/estimate */
        post: operations["post_v1_billing_estimate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/billing/plans */
        get: operations["get_v1_billing_plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook (signed with the endpoint secret; public) */
        post: operations["post_v1_billing_stripe_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/billing/topup */
        post: operations["post_v1_billing_topup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/topup/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/billing/topup/packages */
        get: operations["get_v1_billing_topup_packages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/billing/transactions */
        get: operations["get_v1_billing_transactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/buckets */
        get: operations["get_v1_buckets"];
        put?: never;
        /** POST /v1/buckets */
        post: operations["post_v1_buckets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/buckets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/buckets/{id} */
        get: operations["get_v1_buckets_id"];
        put?: never;
        post?: never;
        /** DELETE /v1/buckets/{id} */
        delete: operations["delete_v1_buckets_id"];
        options?: never;
        head?: never;
        /** PATCH /v1/buckets/{id} */
        patch: operations["patch_v1_buckets_id"];
        trace?: never;
    };
    "/v1/console/billing/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a payment method for top-ups (Stripe Checkout, setup mode) */
        post: operations["post_v1_console_billing_payment_method"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with e-mail and password: a short-lived console session token */
        post: operations["post_v1_console_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/console/signup */
        post: operations["post_v1_console_signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Confirm an e-mail address (the link of the signup e-mail) */
        get: operations["get_v1_console_verify_email"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the e-mail confirmation link again */
        post: operations["post_v1_console_verify_email_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/console/webhooks */
        get: operations["get_v1_console_webhooks"];
        put?: never;
        /** POST /v1/console/webhooks */
        post: operations["post_v1_console_webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/console/webhooks/{id} */
        get: operations["get_v1_console_webhooks_id"];
        put?: never;
        post?: never;
        /** DELETE /v1/console/webhooks/{id} */
        delete: operations["delete_v1_console_webhooks_id"];
        options?: never;
        head?: never;
        /** PATCH /v1/console/webhooks/{id} */
        patch: operations["patch_v1_console_webhooks_id"];
        trace?: never;
    };
    "/v1/console/webhooks/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/console/webhooks/{id}/logs */
        get: operations["get_v1_console_webhooks_id_logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/console/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/console/webhooks/{id}/test */
        post: operations["post_v1_console_webhooks_id_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a generated file through its signed, expiring URL */
        get: operations["get_v1_files_key"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/background": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove, replace or blur the background of an image */
        post: operations["post_v1_images_background"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one image tool over up to 50 images (a job: poll GET /v1/jobs/{job_id}) */
        post: operations["post_v1_images_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/colorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Colorize a greyscale image (offline: an approximation) */
        post: operations["post_v1_images_colorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/depth-map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A depth map of an image, nearer brighter (offline: an approximation) */
        post: operations["post_v1_images_depth_map"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/face-restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a face photo: denoise and sharpen (offline: an approximation) */
        post: operations["post_v1_images_face_restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/shadow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a soft drop shadow under the subject of an image */
        post: operations["post_v1_images_shadow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/upscale": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upscale an image 2x or 4x */
        post: operations["post_v1_images_upscale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A generation job: its status and, once finished, its result */
        get: operations["get_v1_jobs_job_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{job_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a generation job (and the provider job rendering it); the charge is refunded */
        post: operations["post_v1_jobs_job_id_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/output-destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/output-destinations */
        get: operations["get_v1_output_destinations"];
        put?: never;
        /** POST /v1/output-destinations */
        post: operations["post_v1_output_destinations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/output-destinations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/output-destinations/{id} */
        get: operations["get_v1_output_destinations_id"];
        put?: never;
        post?: never;
        /** DELETE /v1/output-destinations/{id} */
        delete: operations["delete_v1_output_destinations_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/photos */
        get: operations["get_v1_photos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one file (multipart/form-data: bucket_name, is_public, file) */
        post: operations["post_v1_photos_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/pricing */
        get: operations["get_v1_pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers/{provider}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A provider reports a finished render (public; verified by the provider's signature) */
        post: operations["post_v1_providers_provider_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/files/{fileId}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file of a public bucket (or uploaded with is_public=true) by its plain URL */
        get: operations["get_v1_public_files_fileId_name"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets */
        get: operations["get_v1_storage_s3_buckets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id} */
        get: operations["get_v1_storage_s3_buckets_bucket_id"];
        put?: never;
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id} */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/accelerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/accelerate */
        get: operations["get_v1_storage_s3_buckets_bucket_id_accelerate"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/accelerate */
        put: operations["put_v1_storage_s3_buckets_bucket_id_accelerate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/access-points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/access-points */
        get: operations["get_v1_storage_s3_buckets_bucket_id_access_points"];
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/access-points */
        post: operations["post_v1_storage_s3_buckets_bucket_id_access_points"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/access-points/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/access-points/{name} */
        get: operations["get_v1_storage_s3_buckets_bucket_id_access_points_name"];
        put?: never;
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/access-points/{name} */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_access_points_name"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/access-points/{name}/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/access-points/{name}/policy */
        get: operations["get_v1_storage_s3_buckets_bucket_id_access_points_name_policy"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/access-points/{name}/policy */
        put: operations["put_v1_storage_s3_buckets_bucket_id_access_points_name_policy"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/access-points/{name}/policy */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_access_points_name_policy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/acl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/acl */
        get: operations["get_v1_storage_s3_buckets_bucket_id_acl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/cors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/cors */
        get: operations["get_v1_storage_s3_buckets_bucket_id_cors"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/cors */
        put: operations["put_v1_storage_s3_buckets_bucket_id_cors"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/cors */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_cors"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/credentials */
        get: operations["get_v1_storage_s3_buckets_bucket_id_credentials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/encryption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/encryption */
        get: operations["get_v1_storage_s3_buckets_bucket_id_encryption"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/encryption */
        put: operations["put_v1_storage_s3_buckets_bucket_id_encryption"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/encryption */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_encryption"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/intelligent-tiering": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/intelligent-tiering */
        get: operations["get_v1_storage_s3_buckets_bucket_id_intelligent_tiering"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/intelligent-tiering */
        put: operations["put_v1_storage_s3_buckets_bucket_id_intelligent_tiering"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/intelligent-tiering/{config_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/intelligent-tiering/{config_id} */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_intelligent_tiering_config_id"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/lifecycle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/lifecycle */
        get: operations["get_v1_storage_s3_buckets_bucket_id_lifecycle"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/lifecycle */
        put: operations["put_v1_storage_s3_buckets_bucket_id_lifecycle"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/lifecycle */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_lifecycle"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/logging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/logging */
        get: operations["get_v1_storage_s3_buckets_bucket_id_logging"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/logging */
        put: operations["put_v1_storage_s3_buckets_bucket_id_logging"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/metrics */
        get: operations["get_v1_storage_s3_buckets_bucket_id_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/multipart/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/multipart/abort */
        post: operations["post_v1_storage_s3_buckets_bucket_id_multipart_abort"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/multipart/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/multipart/complete */
        post: operations["post_v1_storage_s3_buckets_bucket_id_multipart_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/multipart/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/multipart/create */
        post: operations["post_v1_storage_s3_buckets_bucket_id_multipart_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/multipart/presign-part": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/multipart/presign-part */
        post: operations["post_v1_storage_s3_buckets_bucket_id_multipart_presign_part"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/notifications */
        get: operations["get_v1_storage_s3_buckets_bucket_id_notifications"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/notifications */
        put: operations["put_v1_storage_s3_buckets_bucket_id_notifications"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/object-lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/object-lock */
        get: operations["get_v1_storage_s3_buckets_bucket_id_object_lock"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/object-lock */
        put: operations["put_v1_storage_s3_buckets_bucket_id_object_lock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/objects/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/objects/copy */
        post: operations["post_v1_storage_s3_buckets_bucket_id_objects_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/objects/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/objects/delete */
        post: operations["post_v1_storage_s3_buckets_bucket_id_objects_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/objects/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/objects/list */
        post: operations["post_v1_storage_s3_buckets_bucket_id_objects_list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/objects/presign-download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/objects/presign-download */
        post: operations["post_v1_storage_s3_buckets_bucket_id_objects_presign_download"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/objects/presign-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/objects/presign-upload */
        post: operations["post_v1_storage_s3_buckets_bucket_id_objects_presign_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/ownership */
        get: operations["get_v1_storage_s3_buckets_bucket_id_ownership"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/ownership */
        put: operations["put_v1_storage_s3_buckets_bucket_id_ownership"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/policy */
        get: operations["get_v1_storage_s3_buckets_bucket_id_policy"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/policy */
        put: operations["put_v1_storage_s3_buckets_bucket_id_policy"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/policy */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_policy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/policy/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/policy/validate */
        post: operations["post_v1_storage_s3_buckets_bucket_id_policy_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/public-access-block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/public-access-block */
        get: operations["get_v1_storage_s3_buckets_bucket_id_public_access_block"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/public-access-block */
        put: operations["put_v1_storage_s3_buckets_bucket_id_public_access_block"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/regenerate-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/regenerate-keys */
        post: operations["post_v1_storage_s3_buckets_bucket_id_regenerate_keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/replication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/replication */
        get: operations["get_v1_storage_s3_buckets_bucket_id_replication"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/replication */
        put: operations["put_v1_storage_s3_buckets_bucket_id_replication"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/replication */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_replication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/replication/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/replication/status */
        get: operations["get_v1_storage_s3_buckets_bucket_id_replication_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/request-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/request-payment */
        get: operations["get_v1_storage_s3_buckets_bucket_id_request_payment"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/request-payment */
        put: operations["put_v1_storage_s3_buckets_bucket_id_request_payment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/tags */
        get: operations["get_v1_storage_s3_buckets_bucket_id_tags"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/tags */
        put: operations["put_v1_storage_s3_buckets_bucket_id_tags"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/tags */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_tags"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/upgrade */
        post: operations["post_v1_storage_s3_buckets_bucket_id_upgrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/usage */
        get: operations["get_v1_storage_s3_buckets_bucket_id_usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/versioning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/versioning */
        get: operations["get_v1_storage_s3_buckets_bucket_id_versioning"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/versioning */
        put: operations["put_v1_storage_s3_buckets_bucket_id_versioning"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/versions */
        get: operations["get_v1_storage_s3_buckets_bucket_id_versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/versions/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/versions/delete */
        post: operations["post_v1_storage_s3_buckets_bucket_id_versions_delete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/versions/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buckets/{bucket_id}/versions/restore */
        post: operations["post_v1_storage_s3_buckets_bucket_id_versions_restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buckets/{bucket_id}/website": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/buckets/{bucket_id}/website */
        get: operations["get_v1_storage_s3_buckets_bucket_id_website"];
        /** PUT /v1/storage/s3/buckets/{bucket_id}/website */
        put: operations["put_v1_storage_s3_buckets_bucket_id_website"];
        post?: never;
        /** DELETE /v1/storage/s3/buckets/{bucket_id}/website */
        delete: operations["delete_v1_storage_s3_buckets_bucket_id_website"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/buy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/buy */
        post: operations["post_v1_storage_s3_buy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/storage/s3/estimate */
        post: operations["post_v1_storage_s3_estimate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/pricing */
        get: operations["get_v1_storage_s3_pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/storage/s3/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/storage/s3/regions */
        get: operations["get_v1_storage_s3_regions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/{story_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A story with its concept, characters, frames, videos, voice-over and final cut */
        get: operations["get_v1_story_story_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/{story_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Re-attach to a story's event stream (Last-Event-ID resumes) */
        get: operations["get_v1_story_story_id_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Included story credits and their use */
        get: operations["get_v1_story_credits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a whole story, streamed as server-sent events */
        post: operations["post_v1_story_generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/regenerate/character": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: character */
        post: operations["post_v1_story_regenerate_character"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/regenerate/frame": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: frame */
        post: operations["post_v1_story_regenerate_frame"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/characters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: characters */
        post: operations["post_v1_story_step_characters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/concept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: concept */
        post: operations["post_v1_story_step_concept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/final": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: final */
        post: operations["post_v1_story_step_final"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/frames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: frames */
        post: operations["post_v1_story_step_frames"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/poll-videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Poll the scene renders of a story */
        post: operations["post_v1_story_step_poll_videos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: videos */
        post: operations["post_v1_story_step_videos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/step/voiceover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Story step: voiceover */
        post: operations["post_v1_story_step_voiceover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/story/video-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Video models for scene renders, with durations and prices */
        get: operations["get_v1_story_video_models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/system/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the ping workflow through Temporal and answer its result */
        post: operations["post_v1_system_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/tiers/catalog */
        get: operations["get_v1_tiers_catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/tiers/compare */
        get: operations["get_v1_tiers_compare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v1/tiers/current */
        get: operations["get_v1_tiers_current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/enterprise/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/tiers/enterprise/apply */
        post: operations["post_v1_tiers_enterprise_apply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tiers are reached by balance and spend, not bought: always 410
         * @deprecated
         */
        post: operations["post_v1_tiers_subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tiers/wallet/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/tiers/wallet/topup */
        post: operations["post_v1_tiers_wallet_topup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List voice agents, newest first (limit 1–200, default 50; offset ≥ 0) */
        get: operations["get_v1_voice_agents"];
        put?: never;
        /** Create a voice agent */
        post: operations["post_v1_voice_agents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a voice agent */
        get: operations["get_v1_voice_agents_agent_id"];
        put?: never;
        post?: never;
        /** Delete a voice agent */
        delete: operations["delete_v1_voice_agents_agent_id"];
        options?: never;
        head?: never;
        /** Update a voice agent (any field; greeting null removes it, tools and metadata replace) */
        patch: operations["patch_v1_voice_agents_agent_id"];
        trace?: never;
    };
    "/v1/voice/agents/{agent_id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint a realtime session for an agent (5 credits; refunded on 502/503) */
        post: operations["post_v1_voice_agents_agent_id_sessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint an ad-hoc realtime session (5 credits; nothing stored) */
        post: operations["post_v1_voice_sessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voice/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the 26 voice ids (free, any key) */
        get: operations["get_v1_voice_voices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** POST /v1/webhooks/register */
        post: operations["post_v1_webhooks_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/voice-demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Voice agent demo page (development) */
        get: operations["get_voice_demo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/voice-demo/app.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The demo page's script */
        get: operations["get_voice_demo_app_js"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuthError: {
            error: {
                code: string;
                message: string;
                type: string;
            };
        };
        /** @description Refusals with a machine-readable code: `{"detail": {"error": "<code>", "message": "…", …context}}`. */
        CodedError: {
            detail: {
                error: string;
                message: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description Most refusals: `{"detail": "<message>"}`. */
        DetailError: {
            detail: string;
        };
        InsufficientFunds: {
            detail: {
                balance_usd: number;
                /** @constant */
                charged: false;
                /** @constant */
                charged_usd: 0;
                /** @constant */
                code: "insufficient_funds";
                /** @constant */
                currency: "USD";
                /** @constant */
                error: "insufficient_funds";
                message: string;
                operation?: string;
                required_usd: number;
                shortfall_usd: number;
                topup_url: string;
            };
        };
        InternalError: {
            /** @constant */
            detail: "Internal server error";
            request_id: string;
        };
        RateLimited: components["schemas"]["CodedError"] | {
            error: string;
        };
        /** @description A retired endpoint: `{"detail": {"error": "<code>", "message", "use_instead"}, "error": "<code>", "use_instead"}`. */
        Retired: {
            detail: {
                use_instead: string;
            };
            /** @description The code again, at the top level as this route first answered. */
            error: string;
            /** @description The operation to call instead. */
            use_instead: string;
        } & WithRequired<components["schemas"]["CodedError"], "detail">;
        ValidationError: {
            detail: {
                /** @description The offending value (null when missing; secret-like fields are never echoed; long values are cut). */
                input: unknown;
                loc: (string | number)[];
                msg: string;
                type: string;
            }[];
        };
    };
    responses: {
        /** @description Malformed JSON or a refused value. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["DetailError"];
            };
        };
        /** @description The resource is not in a state that allows this. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CodedError"] | components["schemas"]["DetailError"];
            };
        };
        /** @description Key type, scope, IP allowlist or plan does not allow this. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CodedError"] | components["schemas"]["DetailError"];
            };
        };
        /** @description Retired: the body names what to use instead. */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Retired"];
            };
        };
        /** @description An unexpected error; quote request_id when reporting it. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InternalError"];
            };
        };
        /** @description No such resource in this account (another account's id answers the same). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["DetailError"];
            };
        };
        /** @description The body is over the size limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["DetailError"];
            };
        };
        /** @description The wallet cannot cover the operation; nothing was charged. */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InsufficientFunds"];
            };
        };
        /** @description A rate limit window is full. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RateLimited"];
            };
        };
        /** @description Missing, unknown, revoked or expired credential. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AuthError"];
            };
        };
        /** @description Every problem with the request, one entry each. */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Echoes X-Request-Id, or one the server generated. */
        RequestId: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_docs_redoc_standalone_js: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_analytics_criteria: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    description?: string;
                    /** @default  */
                    llm_prompt?: string;
                    name: string;
                    /** @default 1 */
                    weight?: number;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string;
                        id: string;
                        llm_prompt: string;
                        name: string;
                        /** @constant */
                        object: "analytics_criterion";
                        /** @description 0..1: its share of the composite score */
                        weight: number;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_analytics_criteria_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            description: string;
                            id: string;
                            llm_prompt: string;
                            name: string;
                            /** @constant */
                            object: "analytics_criterion";
                            /** @description 0..1: its share of the composite score */
                            weight: number;
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_analytics_criteria_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description For this operation: the id. */
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "analytics_criterion";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_analytics_data_points: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    data_type: "string" | "number" | "boolean" | "enum";
                    /** @default  */
                    description?: string;
                    enum_values?: string[];
                    name: string;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        data_type: "string" | "number" | "boolean" | "enum";
                        description: string;
                        /** @description The allowed values when data_type is "enum", else null */
                        enum_values: string[] | null;
                        id: string;
                        name: string;
                        /** @constant */
                        object: "analytics_data_point";
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_analytics_data_points_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            data_type: "string" | "number" | "boolean" | "enum";
                            description: string;
                            /** @description The allowed values when data_type is "enum", else null */
                            enum_values: string[] | null;
                            id: string;
                            name: string;
                            /** @constant */
                            object: "analytics_data_point";
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_analytics_data_points_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description For this operation: the id. */
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "analytics_data_point";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_analytics_run_analyses_workflow_id: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            analyzed_at: string;
                            composite_score: number | null;
                            cost_usd: number;
                            /** @description Each data point's value by name */
                            data_points: {
                                [key: string]: string | number | boolean | null;
                            };
                            error: string | null;
                            /** @description Fields the model answered with something that did not validate */
                            errors: string[];
                            id: string;
                            model: string | null;
                            /** @constant */
                            object: "run_analysis";
                            run_id: string;
                            /** @description Each criterion's score (0..1) by name; null when the model gave none that validated */
                            scores: {
                                [key: string]: number | null;
                            };
                            /** @enum {string} */
                            status: "completed" | "failed";
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_approvals: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                run_id?: string;
                status?: "pending" | "approved" | "rejected" | "timed_out" | "cancelled" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            approvers: string[];
                            /** @description Whether the caller may decide now */
                            can_decide: boolean;
                            cost_so_far_usd: number;
                            /** Format: date-time */
                            created_at: string;
                            decided_at: string | null;
                            decisions: {
                                approved: boolean;
                                /** @description An e-mail (console user), an API key id, or link:<label> */
                                approver: string;
                                comment: string | null;
                                /** Format: date-time */
                                decided_at: string;
                                /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                                minted_by: string | null;
                                values: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                via: "api_key" | "session" | "link";
                            }[];
                            /** @enum {string} */
                            default: "approved" | "rejected";
                            expires_at: string | null;
                            form: {
                                fields: {
                                    label: string;
                                    name: string;
                                    options: string[] | null;
                                    required: boolean;
                                    /** @enum {string} */
                                    type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                                }[];
                            } | null;
                            generation: number;
                            id: string;
                            /** @description What each upstream node passed in, by node id (cut at 2,000 characters) */
                            inputs_preview: {
                                [key: string]: unknown;
                            };
                            /** @description Labels of the approvers who decide through a one-time link */
                            links: string[];
                            message: string | null;
                            my_decision: {
                                approved: boolean;
                                /** @description An e-mail (console user), an API key id, or link:<label> */
                                approver: string;
                                comment: string | null;
                                /** Format: date-time */
                                decided_at: string;
                                /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                                minted_by: string | null;
                                values: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                via: "api_key" | "session" | "link";
                            } | null;
                            node_id: string;
                            /** @constant */
                            object: "approval";
                            quorum: number;
                            /** @enum {string} */
                            reject: "any" | "quorum";
                            reminders_sent: number;
                            run_id: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                            tally: {
                                approvals: number;
                                /** @description null: open to anyone in the account */
                                approvers_total: number | null;
                                quorum: number;
                                rejections: number;
                            };
                            workflow_id: string;
                            workflow_name: string | null;
                        }[];
                        has_more: boolean;
                        limit: number;
                        /** @constant */
                        object: "list";
                        offset: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_approvals_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvers: string[];
                        /** @description Whether the caller may decide now */
                        can_decide: boolean;
                        cost_so_far_usd: number;
                        /** Format: date-time */
                        created_at: string;
                        decided_at: string | null;
                        decisions: {
                            approved: boolean;
                            /** @description An e-mail (console user), an API key id, or link:<label> */
                            approver: string;
                            comment: string | null;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                            minted_by: string | null;
                            values: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            via: "api_key" | "session" | "link";
                        }[];
                        /** @enum {string} */
                        default: "approved" | "rejected";
                        expires_at: string | null;
                        form: {
                            fields: {
                                label: string;
                                name: string;
                                options: string[] | null;
                                required: boolean;
                                /** @enum {string} */
                                type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                            }[];
                        } | null;
                        generation: number;
                        id: string;
                        /** @description What each upstream node passed in, by node id (cut at 2,000 characters) */
                        inputs_preview: {
                            [key: string]: unknown;
                        };
                        /** @description Labels of the approvers who decide through a one-time link */
                        links: string[];
                        message: string | null;
                        my_decision: {
                            approved: boolean;
                            /** @description An e-mail (console user), an API key id, or link:<label> */
                            approver: string;
                            comment: string | null;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                            minted_by: string | null;
                            values: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            via: "api_key" | "session" | "link";
                        } | null;
                        node_id: string;
                        /** @constant */
                        object: "approval";
                        quorum: number;
                        /** @enum {string} */
                        reject: "any" | "quorum";
                        reminders_sent: number;
                        run_id: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                        tally: {
                            approvals: number;
                            /** @description null: open to anyone in the account */
                            approvers_total: number | null;
                            quorum: number;
                            rejections: number;
                        };
                        workflow_id: string;
                        workflow_name: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_approvals_id_decisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approved: boolean;
                    comment?: string;
                    values?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: {
                            approvers: string[];
                            /** @description Whether the caller may decide now */
                            can_decide: boolean;
                            cost_so_far_usd: number;
                            /** Format: date-time */
                            created_at: string;
                            decided_at: string | null;
                            decisions: {
                                approved: boolean;
                                /** @description An e-mail (console user), an API key id, or link:<label> */
                                approver: string;
                                comment: string | null;
                                /** Format: date-time */
                                decided_at: string;
                                /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                                minted_by: string | null;
                                values: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                via: "api_key" | "session" | "link";
                            }[];
                            /** @enum {string} */
                            default: "approved" | "rejected";
                            expires_at: string | null;
                            form: {
                                fields: {
                                    label: string;
                                    name: string;
                                    options: string[] | null;
                                    required: boolean;
                                    /** @enum {string} */
                                    type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                                }[];
                            } | null;
                            generation: number;
                            id: string;
                            /** @description What each upstream node passed in, by node id (cut at 2,000 characters) */
                            inputs_preview: {
                                [key: string]: unknown;
                            };
                            /** @description Labels of the approvers who decide through a one-time link */
                            links: string[];
                            message: string | null;
                            my_decision: {
                                approved: boolean;
                                /** @description An e-mail (console user), an API key id, or link:<label> */
                                approver: string;
                                comment: string | null;
                                /** Format: date-time */
                                decided_at: string;
                                /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                                minted_by: string | null;
                                values: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                via: "api_key" | "session" | "link";
                            } | null;
                            node_id: string;
                            /** @constant */
                            object: "approval";
                            quorum: number;
                            /** @enum {string} */
                            reject: "any" | "quorum";
                            reminders_sent: number;
                            run_id: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                            tally: {
                                approvals: number;
                                /** @description null: open to anyone in the account */
                                approvers_total: number | null;
                                quorum: number;
                                rejections: number;
                            };
                            workflow_id: string;
                            workflow_name: string | null;
                        };
                        decision: {
                            approved: boolean;
                            /** @description An e-mail (console user), an API key id, or link:<label> */
                            approver: string;
                            comment: string | null;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                            minted_by: string | null;
                            values: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            via: "api_key" | "session" | "link";
                        };
                        /** @description true: this approver had decided already; that decision stands */
                        repeated: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_approvals_id_links: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of the request's link approver labels */
                    approver: string;
                    /** @description Default 7 days; never past the request's own expiry */
                    expires_in_s?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        approver: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @constant */
                        object: "approval_link";
                        token: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_approvals_links_token: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        approver: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        form: {
                            fields: {
                                label: string;
                                name: string;
                                options: string[] | null;
                                required: boolean;
                                /** @enum {string} */
                                type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                            }[];
                        } | null;
                        /** Format: date-time */
                        link_expires_at: string;
                        message: string | null;
                        node_id: string;
                        /** @constant */
                        object: "approval_link_request";
                        run_id: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                        tally: {
                            approvals: number;
                            /** @description null: open to anyone in the account */
                            approvers_total: number | null;
                            quorum: number;
                            rejections: number;
                        };
                        workflow_name: string | null;
                    };
                };
            };
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_approvals_links_token: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approved: boolean;
                    comment?: string;
                    values?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        decision: {
                            approved: boolean;
                            /** @description An e-mail (console user), an API key id, or link:<label> */
                            approver: string;
                            comment: string | null;
                            /** Format: date-time */
                            decided_at: string;
                            /** @description A decision through a one-time link: who minted that link (an API key id or a console e-mail; null for links the reminders sent) */
                            minted_by: string | null;
                            values: {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            via: "api_key" | "session" | "link";
                        };
                        /** @constant */
                        object: "approval_link_decision";
                        repeated: boolean;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            410: components["responses"]["Gone"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_audit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action: string;
                    diff?: unknown[] | {
                        [key: string]: unknown;
                    };
                    summary: string;
                    workflow_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: string;
                        actor_email: string | null;
                        actor_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The change as JSON-diff operations, or the diff a client wrote as given */
                        diff: unknown[] | {
                            [key: string]: unknown;
                        };
                        id: string;
                        summary: string;
                        workflow_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_audit_recent: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            action: string;
                            actor_email: string | null;
                            actor_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The change as JSON-diff operations, or the diff a client wrote as given */
                            diff: unknown[] | {
                                [key: string]: unknown;
                            };
                            id: string;
                            summary: string;
                            workflow_id: string | null;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_audit_workflow_workflow_id: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            action: string;
                            actor_email: string | null;
                            actor_id: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The change as JSON-diff operations, or the diff a client wrote as given */
                            diff: unknown[] | {
                                [key: string]: unknown;
                            };
                            id: string;
                            summary: string;
                            workflow_id: string | null;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_connections: {
        parameters: {
            query?: {
                provider?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            /** @constant */
                            has_secret: true;
                            id: string;
                            last_test_valid: boolean | null;
                            last_tested_at: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            name: string;
                            provider: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_connections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    name: string;
                    provider: string;
                    secret: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @constant */
                        has_secret: true;
                        id: string;
                        last_test_valid: boolean | null;
                        last_tested_at: string | null;
                        metadata: {
                            [key: string]: unknown;
                        };
                        name: string;
                        provider: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_connections_connection_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_connections_connection_id_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connection_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        latency_ms: number;
                        message: string;
                        /** @description Whether a round trip to the provider was made */
                        tested: boolean;
                        /** @description null: the provider could not be tested, or accepted the credential without telling more */
                        valid: boolean | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_hooks_webhook_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run_id: string;
                        /** @constant */
                        status: "queued";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_hooks_webhook_id_path: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run_id: string;
                        /** @constant */
                        status: "queued";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_incidents: {
        parameters: {
            query?: {
                limit?: number;
                status?: "unresolved" | "resolved";
                workflow_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            error: string | null;
                            id: string;
                            last_replayed_run_id: string | null;
                            node_id: string | null;
                            /** @description What the failing node received: {source_node_id: value on the edge's port} */
                            node_input: {
                                [key: string]: unknown;
                            };
                            /** @description The failing node's params */
                            node_params: {
                                [key: string]: unknown;
                            };
                            node_type: string | null;
                            replay_count: number;
                            resolution_note: string | null;
                            resolved_at: string | null;
                            run_id: string;
                            /** @enum {string} */
                            status: "unresolved" | "resolved";
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_incidents_incident_id_replay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    override_config?: {
                        [key: string]: unknown;
                    };
                    patch_incoming?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        incident_id: string;
                        /** @description The node the replay resumes at */
                        node_id: string;
                        /** @constant */
                        replayed: true;
                        replayed_run_id: string;
                        /** @description Nodes whose earlier outputs the replay reuses instead of running them again */
                        reused_nodes: string[];
                        /** @constant */
                        status: "queued";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_engine_v1_v1_incidents_incident_id_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                incident_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    resolution_note?: string | null;
                    /** @enum {string} */
                    status: "unresolved" | "resolved";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        error: string | null;
                        id: string;
                        last_replayed_run_id: string | null;
                        node_id: string | null;
                        /** @description What the failing node received: {source_node_id: value on the edge's port} */
                        node_input: {
                            [key: string]: unknown;
                        };
                        /** @description The failing node's params */
                        node_params: {
                            [key: string]: unknown;
                        };
                        node_type: string | null;
                        replay_count: number;
                        resolution_note: string | null;
                        resolved_at: string | null;
                        run_id: string;
                        /** @enum {string} */
                        status: "unresolved" | "resolved";
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_knowledge: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                workflow_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            char_count: number;
                            chunk_count: number;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Null when indexed for full-text search only */
                            embedding_model: string | null;
                            /** @description Why indexing failed */
                            error: string | null;
                            id: string;
                            indexed_at: string | null;
                            /** @constant */
                            object: "knowledge_document";
                            /** @enum {string} */
                            source_type: "url" | "text";
                            source_url: string | null;
                            /** @enum {string} */
                            status: "pending" | "ready" | "failed";
                            title: string;
                            /** Format: date-time */
                            updated_at: string;
                            workflow_id: string;
                        }[];
                        limit: number;
                        /** @constant */
                        object: "list";
                        offset: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_knowledge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    source_type: "url" | "text";
                    /** Format: uri */
                    source_url?: string;
                    text?: string;
                    title?: string;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        char_count: number;
                        chunk_count: number;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Null when indexed for full-text search only */
                        embedding_model: string | null;
                        /** @description Why indexing failed */
                        error: string | null;
                        id: string;
                        indexed_at: string | null;
                        /** @constant */
                        object: "knowledge_document";
                        /** @enum {string} */
                        source_type: "url" | "text";
                        source_url: string | null;
                        /** @enum {string} */
                        status: "pending" | "ready" | "failed";
                        title: string;
                        /** Format: date-time */
                        updated_at: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_knowledge_doc_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                doc_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        char_count: number;
                        chunk_count: number;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Null when indexed for full-text search only */
                        embedding_model: string | null;
                        /** @description Why indexing failed */
                        error: string | null;
                        id: string;
                        indexed_at: string | null;
                        /** @constant */
                        object: "knowledge_document";
                        /** @enum {string} */
                        source_type: "url" | "text";
                        source_url: string | null;
                        /** @enum {string} */
                        status: "pending" | "ready" | "failed";
                        title: string;
                        /** Format: date-time */
                        updated_at: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_knowledge_doc_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                doc_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "knowledge_document";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_knowledge_search: {
        parameters: {
            query: {
                limit?: number;
                q: string;
                workflow_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            chunk_index: number;
                            doc_id: string;
                            score: number;
                            source_url: string | null;
                            text: string;
                            title: string;
                        }[];
                        /** @constant */
                        object: "list";
                        query: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_nodes: {
        parameters: {
            query?: {
                category?: string;
                subcategory?: string;
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            category: string;
                            description: string;
                            /**
                             * @description How the engine runs it
                             * @enum {string}
                             */
                            execution: "activity" | "local" | "workflow";
                            inputs: {
                                description?: string;
                                name: string;
                            }[];
                            name: string;
                            /** @constant */
                            object: "node_type";
                            /** @description Static output ports (a switch node adds its cases) */
                            outputs: {
                                description?: string;
                                name: string;
                            }[];
                            subcategory: string | null;
                            tags: string[];
                            type: string;
                            version: number;
                        }[];
                        has_more: boolean;
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_nodes_node_type: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category: string;
                        description: string;
                        /**
                         * @description How the engine runs it
                         * @enum {string}
                         */
                        execution: "activity" | "local" | "workflow";
                        inputs: {
                            description?: string;
                            name: string;
                        }[];
                        name: string;
                        /** @constant */
                        object: "node_type";
                        /** @description Static output ports (a switch node adds its cases) */
                        outputs: {
                            description?: string;
                            name: string;
                        }[];
                        /** @description JSON Schema of the node's params */
                        params_schema: {
                            [key: string]: unknown;
                        };
                        subcategory: string | null;
                        tags: string[];
                        type: string;
                        version: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_rate_limits_workflow_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        burst_allowance: number;
                        /** @description Null: no cap on runs in flight */
                        max_concurrent_runs: number | null;
                        /** @description Null: no cap on run starts per minute */
                        requests_per_minute: number | null;
                        /** @description Null until a policy is set */
                        updated_at: string | null;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_engine_v1_v1_rate_limits_workflow_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 0 */
                    burst_allowance?: number;
                    /** @default null */
                    max_concurrent_runs?: number | null;
                    /** @default null */
                    requests_per_minute?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        burst_allowance: number;
                        /** @description Null: no cap on runs in flight */
                        max_concurrent_runs: number | null;
                        /** @description Null: no cap on run starts per minute */
                        requests_per_minute: number | null;
                        /** @description Null until a policy is set */
                        updated_at: string | null;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                workflow_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            current_node: string | null;
                            error: string | null;
                            finished_at: string | null;
                            id: string;
                            input: {
                                [key: string]: unknown;
                            };
                            /** @description Each node that has run, by node id (a single run only) */
                            node_outputs?: {
                                [key: string]: {
                                    /** @description Ports too large to carry inline, stored as blobs: `output` holds `{"$atelier_ref": {v, key, bytes, sha256}, preview}` for each, and this the path that serves its whole JSON */
                                    downloads?: {
                                        [key: string]: string;
                                    };
                                    duration_ms: number;
                                    error: string | null;
                                    logs: {
                                        /** @enum {string} */
                                        level: "debug" | "info" | "warn" | "error";
                                        message: string;
                                        ts: string;
                                    }[];
                                    ok: boolean;
                                    /** @description {port: value}; only the ports the node emitted */
                                    output: {
                                        [key: string]: unknown;
                                    };
                                    /** @description Present (true) when a branch not taken skipped the node */
                                    skipped?: boolean;
                                    usd_charged: number;
                                };
                            };
                            nodes_completed: number;
                            nodes_total: number;
                            parent_node_id: string | null;
                            parent_run_id: string | null;
                            resumed_count: number;
                            retried_from: string | null;
                            run_id: string;
                            started_at: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                            temporal_workflow_id: string;
                            trigger_type: string;
                            usd_cap: number | null;
                            usd_charged: number;
                            version: number;
                            workflow_id: string;
                        }[];
                        has_more: boolean;
                        limit: number;
                        /** @constant */
                        object: "list";
                        offset: number;
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    input: {
                        [key: string]: unknown;
                    };
                    spec_override?: unknown;
                    /**
                     * @default manual
                     * @enum {string}
                     */
                    trigger_type?: "manual" | "schedule" | "webhook" | "test";
                    usd_cap?: number | null;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        run_id: string;
                        /** @constant */
                        status: "queued";
                        temporal_workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs_run_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current_node: string | null;
                        error: string | null;
                        finished_at: string | null;
                        id: string;
                        input: {
                            [key: string]: unknown;
                        };
                        /** @description Each node that has run, by node id (a single run only) */
                        node_outputs?: {
                            [key: string]: {
                                /** @description Ports too large to carry inline, stored as blobs: `output` holds `{"$atelier_ref": {v, key, bytes, sha256}, preview}` for each, and this the path that serves its whole JSON */
                                downloads?: {
                                    [key: string]: string;
                                };
                                duration_ms: number;
                                error: string | null;
                                logs: {
                                    /** @enum {string} */
                                    level: "debug" | "info" | "warn" | "error";
                                    message: string;
                                    ts: string;
                                }[];
                                ok: boolean;
                                /** @description {port: value}; only the ports the node emitted */
                                output: {
                                    [key: string]: unknown;
                                };
                                /** @description Present (true) when a branch not taken skipped the node */
                                skipped?: boolean;
                                usd_charged: number;
                            };
                        };
                        nodes_completed: number;
                        nodes_total: number;
                        parent_node_id: string | null;
                        parent_run_id: string | null;
                        resumed_count: number;
                        retried_from: string | null;
                        run_id: string;
                        started_at: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                        temporal_workflow_id: string;
                        trigger_type: string;
                        usd_cap: number | null;
                        usd_charged: number;
                        version: number;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_runs_run_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "run";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_run_id_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        run_id: string;
                        /**
                         * @description cancelled once the cancellation took effect, or the current status if that takes over 10 s
                         * @enum {string}
                         */
                        status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs_run_id_events: {
        parameters: {
            query?: {
                since_seq?: number;
            };
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events. Each frame is `id: <seq>`, `event: <type>` and `data: <JSON>` whose `seq` equals the id (strictly increasing, so a client reconnecting with Last-Event-ID gets each event once). Types: `node_started` {seq, node_id, timestamp}; `node_output` {seq, node_id, output (by port), usd_charged, downloads? (port → path of a value stored apart)}; `node_completed` {seq, node_id, duration_ms, ok, error?}; `run_finished` {seq, status, duration_ms, total_usd_charged}, after which the stream ends; `approval_decided` {seq, node_id, approval_id, approver, via, approved, comment, decided_at, outcome, …} when an approver decides; `run_reset` {seq, temporal_run_id, previous_temporal_run_id, reset_to_event_id, reason, nodes_kept, nodes_rerun, …} when an operator resets the run's Temporal execution. Comment lines (`: keep-alive`) keep idle connections open. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs_run_id_nodes_node_id_outputs_port: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                node_id: string;
                port: string;
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The port value, exactly as the node produced it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_run_id_rerun_from: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    node_id: string;
                    override_config?: {
                        [key: string]: unknown;
                    };
                    patch_incoming?: {
                        [key: string]: unknown;
                    };
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        node_id: string;
                        rerun_of: string;
                        /** @description Nodes whose earlier outputs the new run reuses instead of running them again */
                        reused_nodes: string[];
                        /** @description The new run */
                        run_id: string;
                        /** @constant */
                        status: "queued";
                        /** @description The workflow version the new run follows */
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_run_id_resume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        run_id: string;
                        /** @description Nodes that had succeeded and are kept, not run again */
                        skipped_nodes: string[];
                        /** @constant */
                        status: "resumed";
                        total_skipped: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_run_id_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @constant */
                        ok: true;
                        retried_from: string;
                        run_id: string;
                        /** @constant */
                        status: "queued";
                        temporal_workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_run_id_signals_signal_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
                signal_name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    payload?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        delivered: true;
                        /** @constant */
                        ok: true;
                        run_id: string;
                        /** @enum {string} */
                        signal: "approve" | "webhook" | "cancel";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs_run_id_telemetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        node_count: number;
                        run_id: string;
                        /** @description One span per node that ran (skipped nodes have none), in start order */
                        spans: {
                            duration_ms: number;
                            finished_at: string | null;
                            node_id: string;
                            node_type: string;
                            started_at: string | null;
                            /** @enum {string} */
                            status: "running" | "succeeded" | "failed" | "skipped";
                            tokens_consumed: number;
                            usd_cost: number;
                        }[];
                        /** @enum {string} */
                        status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                        total_duration_ms: number;
                        total_tokens: number;
                        total_usd_cost: number;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_watchdog_recover_all: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: {
                            error: string;
                            run_id: string;
                        }[];
                        /** @constant */
                        ok: true;
                        recovered: {
                            run_id: string;
                            skipped_nodes: string[];
                        }[];
                        total_recovered: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_runs_watchdog_scan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Runs running too long, ended as timed_out */
                        reaped: string[];
                        /** @description Stalled runs resumed */
                        recovered: string[];
                        /** Format: date-time */
                        scanned_at: string;
                        /** @description Who asked: api (a tenant) or schedule (the maintenance loop) */
                        source: string;
                        /** @description Runs with no heartbeat and no live execution */
                        stalled: string[];
                        status: {
                            /** @description Whether the maintenance loop is running */
                            active: boolean;
                            active_monitored_runs: number;
                            config: {
                                reaper_interval_s: number;
                                reaper_max_running_s: number;
                                stall_threshold_s: number;
                                watchdog_interval_s: number;
                            };
                            last_scan_at: string | null;
                            recent_actions: {
                                action: string;
                                /** Format: date-time */
                                at: string;
                                reason: string;
                                run_id: string;
                            }[];
                            started_at: string | null;
                            total_reaped: number;
                            total_recovered: number;
                            total_scans: number;
                            total_stalled_detected: number;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_runs_watchdog_status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the maintenance loop is running */
                        active: boolean;
                        active_monitored_runs: number;
                        config: {
                            reaper_interval_s: number;
                            reaper_max_running_s: number;
                            stall_threshold_s: number;
                            watchdog_interval_s: number;
                        };
                        last_scan_at: string | null;
                        recent_actions: {
                            action: string;
                            /** Format: date-time */
                            at: string;
                            reason: string;
                            run_id: string;
                        }[];
                        started_at: string | null;
                        total_reaped: number;
                        total_recovered: number;
                        total_scans: number;
                        total_stalled_detected: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_schedules: {
        parameters: {
            query?: {
                limit?: number;
                workflow_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            cron: string;
                            fire_count: number;
                            id: string;
                            /** @description The run input each firing starts with */
                            input: {
                                [key: string]: unknown;
                            };
                            last_error: string | null;
                            last_fired_at: string | null;
                            last_run_id: string | null;
                            temporal_schedule_id: string;
                            timezone: string;
                            /** Format: date-time */
                            updated_at: string;
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_schedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    cron: string;
                    input?: {
                        [key: string]: unknown;
                    };
                    timezone?: string;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        cron: string;
                        fire_count: number;
                        id: string;
                        /** @description The run input each firing starts with */
                        input: {
                            [key: string]: unknown;
                        };
                        last_error: string | null;
                        last_fired_at: string | null;
                        last_run_id: string | null;
                        temporal_schedule_id: string;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_schedules_schedule_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_engine_v1_v1_schedules_schedule_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    cron?: string;
                    input?: {
                        [key: string]: unknown;
                    };
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        cron: string;
                        fire_count: number;
                        id: string;
                        /** @description The run input each firing starts with */
                        input: {
                            [key: string]: unknown;
                        };
                        last_error: string | null;
                        last_fired_at: string | null;
                        last_run_id: string | null;
                        temporal_schedule_id: string;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_templates: {
        parameters: {
            query?: {
                category?: string;
                difficulty?: "beginner" | "intermediate" | "advanced";
                featured?: "0" | "1" | "true" | "false";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            category: string;
                            description: string;
                            /** @enum {string} */
                            difficulty: "beginner" | "intermediate" | "advanced";
                            featured: boolean;
                            id: string;
                            name: string;
                            node_count: number;
                            node_types: string[];
                            sample_input: {
                                [key: string]: unknown;
                            };
                            /** @description The workflow spec (a single template only) */
                            spec?: {
                                [key: string]: unknown;
                            };
                            tags: string[];
                            /** @description Installs so far */
                            use_count: number;
                        }[];
                        has_more: boolean;
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_templates_template_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category: string;
                        description: string;
                        /** @enum {string} */
                        difficulty: "beginner" | "intermediate" | "advanced";
                        featured: boolean;
                        id: string;
                        name: string;
                        node_count: number;
                        node_types: string[];
                        sample_input: {
                            [key: string]: unknown;
                        };
                        /** @description The workflow spec (a single template only) */
                        spec?: {
                            [key: string]: unknown;
                        };
                        tags: string[];
                        /** @description Installs so far */
                        use_count: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_templates_template_id_install: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        template_id: string;
                        use_count: number;
                        workflow: {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            edge_count: number;
                            id: string;
                            legacy: boolean;
                            name: string;
                            node_count: number;
                            /** @constant */
                            object: "workflow";
                            spec?: {
                                edges: {
                                    /** @default false */
                                    animated: boolean;
                                    id: string;
                                    source: string;
                                    /** @default main */
                                    source_port: string;
                                    target: string;
                                    /** @default main */
                                    target_port: string;
                                }[];
                                /**
                                 * @default stop
                                 * @enum {string}
                                 */
                                error_handler: "stop" | "continue" | "retry";
                                /** @default 3600 */
                                max_execution_time_s: number;
                                /** @default 500 */
                                max_steps: number;
                                nodes: {
                                    /** @default false */
                                    continue_on_error: boolean;
                                    /** @default {} */
                                    credentials: {
                                        [key: string]: string;
                                    };
                                    /** @default false */
                                    disabled: boolean;
                                    id: string;
                                    /** @default null */
                                    notes: string | null;
                                    /** @default {} */
                                    params: {
                                        [key: string]: unknown;
                                    };
                                    position: [
                                        number,
                                        number
                                    ];
                                    /** @default null */
                                    retry: {
                                        /**
                                         * @default exponential
                                         * @enum {string}
                                         */
                                        backoff: "fixed" | "exponential";
                                        max_attempts: number;
                                    } | null;
                                    /** @default null */
                                    timeout_s: number | null;
                                    type: string;
                                }[];
                                trigger: {
                                    /** @default {} */
                                    config: {
                                        [key: string]: unknown;
                                    };
                                    /** @enum {string} */
                                    type: "manual" | "schedule" | "webhook" | "event";
                                };
                                /** @default null */
                                usd_cap: number | null;
                                /** @default {} */
                                variables: {
                                    [key: string]: unknown;
                                };
                            };
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                            version: number;
                            version_hash: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    assertions?: {
                        /** @enum {string} */
                        operator: "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "contains" | "length_gte" | "length_lte" | "exists";
                        path: string;
                        value?: unknown;
                    }[];
                    /** @default {} */
                    input?: {
                        [key: string]: unknown;
                    };
                    /** @default assertion */
                    kind?: string;
                    name: string;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assertions: {
                            operator: string;
                            path: string;
                            value?: unknown;
                        }[];
                        /** Format: date-time */
                        created_at: string;
                        id: string;
                        /** @description The run input the test starts with */
                        input: {
                            [key: string]: unknown;
                        };
                        /** @description assertion, or snapshot for a test saved from a run */
                        kind: string;
                        /** @description passed or failed; null until run */
                        last_result: string | null;
                        last_run_id: string | null;
                        name: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_tests_test_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                test_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tests_test_id_run: {
        parameters: {
            query?: {
                timeout_s?: number;
            };
            header?: never;
            path: {
                test_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assertions: {
                            /** @description What the path read in the run (null when absent) */
                            actual: unknown;
                            operator: string;
                            passed: boolean;
                            path: string;
                            value: unknown;
                        }[];
                        duration_ms: number;
                        /** @description Why the assertions were not evaluated (the run had not finished in time) */
                        message?: string;
                        /** @enum {string} */
                        result: "passed" | "failed";
                        run_id: string;
                        /** @enum {string} */
                        run_status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                        test_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tests_from_run: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    node_ids?: string[];
                    run_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assertions: {
                            operator: string;
                            path: string;
                            value?: unknown;
                        }[];
                        /** Format: date-time */
                        created_at: string;
                        id: string;
                        /** @description The run input the test starts with */
                        input: {
                            [key: string]: unknown;
                        };
                        /** @description assertion, or snapshot for a test saved from a run */
                        kind: string;
                        /** @description passed or failed; null until run */
                        last_result: string | null;
                        last_run_id: string | null;
                        name: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_tests_workflow_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            assertions: {
                                operator: string;
                                path: string;
                                value?: unknown;
                            }[];
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            /** @description The run input the test starts with */
                            input: {
                                [key: string]: unknown;
                            };
                            /** @description assertion, or snapshot for a test saved from a run */
                            kind: string;
                            /** @description passed or failed; null until run */
                            last_result: string | null;
                            last_run_id: string | null;
                            name: string;
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_tools_mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            args: string[];
                            command: string | null;
                            /** Format: date-time */
                            created_at: string;
                            discovered_at: string | null;
                            has_auth_token: boolean;
                            id: string;
                            name: string;
                            /** @description Null until the server is discovered */
                            tools: {
                                /** @description What an agent.run node lists in `tools`: `mcp:<server_id>:<name>` */
                                agent_tool_id: string;
                                description: string;
                                input_schema: {
                                    [key: string]: unknown;
                                };
                                name: string;
                            }[] | null;
                            /** @enum {string} */
                            transport: "sse" | "stdio" | "streamable_http";
                            /** Format: date-time */
                            updated_at: string;
                            url: string | null;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tools_mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description stdio: its arguments. */
                    args?: string[];
                    /** @description Sent as `Authorization: Bearer` (stdio: as MCP_AUTH_TOKEN); stored encrypted, never returned. */
                    auth_token?: string;
                    /** @description stdio: the executable. */
                    command?: string;
                    name: string;
                    /**
                     * @description `streamable_http` (the current MCP transport), `sse` (HTTP+SSE, the older one) or `stdio` (a command the worker runs; admins only, allow-listed).
                     * @enum {string}
                     */
                    transport: "sse" | "stdio" | "streamable_http";
                    /** @description The server's endpoint (sse, streamable_http); for stdio a command line may be given here instead of `command` + `args` (split on spaces, no shell). */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        args: string[];
                        command: string | null;
                        /** Format: date-time */
                        created_at: string;
                        discovered_at: string | null;
                        has_auth_token: boolean;
                        id: string;
                        name: string;
                        /** @description Null until the server is discovered */
                        tools: {
                            /** @description What an agent.run node lists in `tools`: `mcp:<server_id>:<name>` */
                            agent_tool_id: string;
                            description: string;
                            input_schema: {
                                [key: string]: unknown;
                            };
                            name: string;
                        }[] | null;
                        /** @enum {string} */
                        transport: "sse" | "stdio" | "streamable_http";
                        /** Format: date-time */
                        updated_at: string;
                        url: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_tools_mcp_server_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tools_mcp_server_id_discover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                server_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        args: string[];
                        command: string | null;
                        /** Format: date-time */
                        created_at: string;
                        discovered_at: string | null;
                        has_auth_token: boolean;
                        id: string;
                        name: string;
                        /** @description Null until the server is discovered */
                        tools: {
                            /** @description What an agent.run node lists in `tools`: `mcp:<server_id>:<name>` */
                            agent_tool_id: string;
                            description: string;
                            input_schema: {
                                [key: string]: unknown;
                            };
                            name: string;
                        }[] | null;
                        /** @enum {string} */
                        transport: "sse" | "stdio" | "streamable_http";
                        /** Format: date-time */
                        updated_at: string;
                        url: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
        };
    };
    get_engine_v1_v1_tools_workflow_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active: boolean;
                            /** @description What an agent.run node lists in `tools`: `workflow:<tool_id>` */
                            agent_tool_id: string;
                            category: string;
                            /** @description description, input_schema and timeout_s as stored */
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            /** @description What the model is told the tool does */
                            description: string;
                            id: string;
                            /** @description The JSON Schema of the tool's arguments */
                            input_schema: {
                                [key: string]: unknown;
                            };
                            tool_id: string;
                            /** Format: date-time */
                            updated_at: string;
                            workflow_id: string;
                        }[];
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_tools_workflow_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default general */
                    category?: string;
                    /**
                     * @default {
                     *       "timeout_s": 600
                     *     }
                     */
                    config?: {
                        /** @description What the tool does, for the model (default: the workflow's description or name). */
                        description?: string;
                        /** @description A JSON Schema (type object) for the tool's arguments, instead of the one derived from the trigger input. */
                        input_schema?: {
                            [key: string]: unknown;
                        };
                        /**
                         * @description How long an agent waits for the tool's run.
                         * @default 600
                         */
                        timeout_s?: number;
                    } & {
                        [key: string]: unknown;
                    };
                    tool_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @description What an agent.run node lists in `tools`: `workflow:<tool_id>` */
                        agent_tool_id: string;
                        category: string;
                        /** @description description, input_schema and timeout_s as stored */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description What the model is told the tool does */
                        description: string;
                        id: string;
                        /** @description The JSON Schema of the tool's arguments */
                        input_schema: {
                            [key: string]: unknown;
                        };
                        tool_id: string;
                        /** Format: date-time */
                        updated_at: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_tools_workflow_workflow_id_tool_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tool_id: string;
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        tool_id: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_widget_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_domains: string[];
                        collect_feedback: boolean;
                        /** @description False: no widget saved yet (the answer shows the defaults) */
                        configured: boolean;
                        interface: {
                            description: string | null;
                            fields: {
                                label: string;
                                name: string;
                                options: string[] | null;
                                required: boolean;
                                /** @enum {string} */
                                type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                            }[];
                            title: string;
                        };
                        updated_at: string | null;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_engine_v1_v1_widget_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    allowed_domains?: string[];
                    /** @default false */
                    collect_feedback?: boolean;
                    interface: {
                        /** @default null */
                        description?: string | null;
                        fields?: {
                            label: string;
                            name: string;
                            /** @default null */
                            options?: string[] | null;
                            /** @default false */
                            required?: boolean;
                            /**
                             * @default text
                             * @enum {string}
                             */
                            type?: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                        }[];
                        title: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_domains: string[];
                        collect_feedback: boolean;
                        /** @description False: no widget saved yet (the answer shows the defaults) */
                        configured: boolean;
                        interface: {
                            description: string | null;
                            fields: {
                                label: string;
                                name: string;
                                options: string[] | null;
                                required: boolean;
                                /** @enum {string} */
                                type: "text" | "textarea" | "number" | "email" | "url" | "select" | "checkbox" | "date";
                            }[];
                            title: string;
                        };
                        updated_at: string | null;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows: {
        parameters: {
            query?: {
                include_legacy?: boolean | ("0" | "1" | "true" | "false");
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            description: string | null;
                            edge_count: number;
                            id: string;
                            legacy: boolean;
                            name: string;
                            node_count: number;
                            /** @constant */
                            object: "workflow";
                            tags: string[];
                            /** Format: date-time */
                            updated_at: string;
                            version: number;
                            version_hash: string;
                        }[];
                        has_more: boolean;
                        limit: number;
                        /** @constant */
                        object: "list";
                        offset: number;
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string | null;
                    name: string;
                    spec: unknown;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_count: number;
                        id: string;
                        legacy: boolean;
                        name: string;
                        node_count: number;
                        /** @constant */
                        object: "workflow";
                        spec?: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        tags: string[];
                        /** Format: date-time */
                        updated_at: string;
                        version: number;
                        version_hash: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_count: number;
                        id: string;
                        legacy: boolean;
                        name: string;
                        node_count: number;
                        /** @constant */
                        object: "workflow";
                        spec?: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        tags: string[];
                        /** Format: date-time */
                        updated_at: string;
                        version: number;
                        version_hash: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_engine_v1_v1_workflows_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    description?: string | null;
                    name?: string;
                    spec?: unknown;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_count: number;
                        id: string;
                        legacy: boolean;
                        name: string;
                        node_count: number;
                        /** @constant */
                        object: "workflow";
                        spec?: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        tags: string[];
                        /** Format: date-time */
                        updated_at: string;
                        version: number;
                        version_hash: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_workflows_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                        id: string;
                        /** @constant */
                        object: "workflow";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows_workflow_id_canary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Finished canary runs needed before the error threshold can roll back */
                        auto_rollback_min_sample: number;
                        /** @description Null when the workflow has no canary rule */
                        canary_config: {
                            auto_rollback_error_threshold_pct: number | null;
                            /** @description The content hash of the canary version */
                            canary_version: string;
                            canary_weight_pct: number;
                            /** Format: date-time */
                            created_at: string;
                            is_active: boolean;
                            rollback_reason: string | null;
                            /** @description The content hash of the stable version */
                            stable_version: string;
                            sticky_sessions: boolean;
                            /** Format: date-time */
                            updated_at: string;
                        } | null;
                        /** @description Runs of each arm since the rule was set */
                        metrics: {
                            canary: {
                                avg_duration_ms: number;
                                error_rate_pct: number;
                                error_runs: number;
                                total_runs: number;
                            };
                            stable: {
                                avg_duration_ms: number;
                                error_rate_pct: number;
                                error_runs: number;
                                total_runs: number;
                            };
                        };
                        rollback_triggered: boolean;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_workflow_id_canary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default null */
                    auto_rollback_error_threshold_pct?: number | null;
                    canary_version: number | string;
                    /** @default 10 */
                    canary_weight_pct?: number;
                    /** @default true */
                    is_active?: boolean;
                    stable_version?: number | string;
                    /** @default true */
                    sticky_sessions?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Finished canary runs needed before the error threshold can roll back */
                        auto_rollback_min_sample: number;
                        /** @description Null when the workflow has no canary rule */
                        canary_config: {
                            auto_rollback_error_threshold_pct: number | null;
                            /** @description The content hash of the canary version */
                            canary_version: string;
                            canary_weight_pct: number;
                            /** Format: date-time */
                            created_at: string;
                            is_active: boolean;
                            rollback_reason: string | null;
                            /** @description The content hash of the stable version */
                            stable_version: string;
                            sticky_sessions: boolean;
                            /** Format: date-time */
                            updated_at: string;
                        } | null;
                        /** @description Runs of each arm since the rule was set */
                        metrics: {
                            canary: {
                                avg_duration_ms: number;
                                error_rate_pct: number;
                                error_runs: number;
                                total_runs: number;
                            };
                            stable: {
                                avg_duration_ms: number;
                                error_rate_pct: number;
                                error_runs: number;
                                total_runs: number;
                            };
                        };
                        rollback_triggered: boolean;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_workflows_workflow_id_canary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_workflow_id_canary_resolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user_id: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        is_canary: boolean;
                        reason: string;
                        /** @description The content hash of the version this user gets */
                        selected_version: string;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_workflow_id_duplicate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_count: number;
                        id: string;
                        legacy: boolean;
                        name: string;
                        node_count: number;
                        /** @constant */
                        object: "workflow";
                        spec?: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        tags: string[];
                        /** Format: date-time */
                        updated_at: string;
                        version: number;
                        version_hash: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows_workflow_id_versions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            current: boolean;
                            /** @constant */
                            object: "workflow_version";
                            origin: string;
                            spec?: {
                                edges: {
                                    /** @default false */
                                    animated: boolean;
                                    id: string;
                                    source: string;
                                    /** @default main */
                                    source_port: string;
                                    target: string;
                                    /** @default main */
                                    target_port: string;
                                }[];
                                /**
                                 * @default stop
                                 * @enum {string}
                                 */
                                error_handler: "stop" | "continue" | "retry";
                                /** @default 3600 */
                                max_execution_time_s: number;
                                /** @default 500 */
                                max_steps: number;
                                nodes: {
                                    /** @default false */
                                    continue_on_error: boolean;
                                    /** @default {} */
                                    credentials: {
                                        [key: string]: string;
                                    };
                                    /** @default false */
                                    disabled: boolean;
                                    id: string;
                                    /** @default null */
                                    notes: string | null;
                                    /** @default {} */
                                    params: {
                                        [key: string]: unknown;
                                    };
                                    position: [
                                        number,
                                        number
                                    ];
                                    /** @default null */
                                    retry: {
                                        /**
                                         * @default exponential
                                         * @enum {string}
                                         */
                                        backoff: "fixed" | "exponential";
                                        max_attempts: number;
                                    } | null;
                                    /** @default null */
                                    timeout_s: number | null;
                                    type: string;
                                }[];
                                trigger: {
                                    /** @default {} */
                                    config: {
                                        [key: string]: unknown;
                                    };
                                    /** @enum {string} */
                                    type: "manual" | "schedule" | "webhook" | "event";
                                };
                                /** @default null */
                                usd_cap: number | null;
                                /** @default {} */
                                variables: {
                                    [key: string]: unknown;
                                };
                            };
                            version: number;
                            version_hash: string;
                            workflow_id: string;
                        }[];
                        has_more: boolean;
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows_workflow_id_versions_version: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                version: number;
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        current: boolean;
                        /** @constant */
                        object: "workflow_version";
                        origin: string;
                        spec?: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        version: number;
                        version_hash: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_engine_v1_v1_workflows_workflow_id_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description generated: the secret this API made; spec: trigger.config.secret; null: unsigned */
                        secret_source: ("generated" | "spec") | null;
                        /** @description Whether calls must carry x-fh-timestamp and x-fh-signature */
                        signed: boolean;
                        /** @description Where to POST to start a run (no API key) */
                        url: string;
                        webhook_id: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_workflow_id_webhook_secret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description The new secret, shown this once */
                        secret: string;
                        /** @description generated: the secret this API made; spec: trigger.config.secret; null: unsigned */
                        secret_source: ("generated" | "spec") | null;
                        /** @description Whether calls must carry x-fh-timestamp and x-fh-signature */
                        signed: boolean;
                        /** @description Where to POST to start a run (no API key) */
                        url: string;
                        webhook_id: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_engine_v1_v1_workflows_workflow_id_webhook_secret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description generated: the secret this API made; spec: trigger.config.secret; null: unsigned */
                        secret_source: ("generated" | "spec") | null;
                        /** @description Whether calls must carry x-fh-timestamp and x-fh-signature */
                        signed: boolean;
                        /** @description Where to POST to start a run (no API key) */
                        url: string;
                        webhook_id: string;
                        workflow_id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_simulate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    initial_payload?: {
                        [key: string]: unknown;
                    };
                    /** @default {} */
                    mocks?: {
                        [key: string]: {
                            error?: string;
                            output?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                    spec_override?: unknown;
                    /** @default 60 */
                    timeout_s?: number;
                    workflow_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duration_ms: number;
                        error: string | null;
                        /** @description Every node of the plan by id */
                        nodes: {
                            [key: string]: {
                                error: string | null;
                                node_type: string;
                                /** @enum {string} */
                                outcome: "not_reached" | "mocked" | "mocked_error" | "skipped" | "succeeded" | "failed";
                                /** @description Its output by port when it succeeded (or was mocked) */
                                output: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description What the node would cost in a real run */
                                would_be_usd: number;
                            };
                        };
                        /** @constant */
                        object: "simulation";
                        /** @description The nodes that ran (or were mocked), in the order they finished */
                        path: string[];
                        /** @description The sandboxed run the simulation was */
                        run_id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "completed" | "failed" | "timed_out" | "cancelled";
                        usd_charged: number;
                        version: number;
                        workflow_id: string;
                        /** @description What a real run would have cost */
                        would_be_usd: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_engine_v1_v1_workflows_validate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    spec: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        edge_count: number;
                        node_count: number;
                        /** @constant */
                        object: "workflow_validation";
                        /** @description The nodes in a topological order */
                        order: string[];
                        /** @description Each node's output ports */
                        ports: {
                            [key: string]: string[];
                        };
                        spec: {
                            edges: {
                                /** @default false */
                                animated: boolean;
                                id: string;
                                source: string;
                                /** @default main */
                                source_port: string;
                                target: string;
                                /** @default main */
                                target_port: string;
                            }[];
                            /**
                             * @default stop
                             * @enum {string}
                             */
                            error_handler: "stop" | "continue" | "retry";
                            /** @default 3600 */
                            max_execution_time_s: number;
                            /** @default 500 */
                            max_steps: number;
                            nodes: {
                                /** @default false */
                                continue_on_error: boolean;
                                /** @default {} */
                                credentials: {
                                    [key: string]: string;
                                };
                                /** @default false */
                                disabled: boolean;
                                id: string;
                                /** @default null */
                                notes: string | null;
                                /** @default {} */
                                params: {
                                    [key: string]: unknown;
                                };
                                position: [
                                    number,
                                    number
                                ];
                                /** @default null */
                                retry: {
                                    /**
                                     * @default exponential
                                     * @enum {string}
                                     */
                                    backoff: "fixed" | "exponential";
                                    max_attempts: number;
                                } | null;
                                /** @default null */
                                timeout_s: number | null;
                                type: string;
                            }[];
                            trigger: {
                                /** @default {} */
                                config: {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                type: "manual" | "schedule" | "webhook" | "event";
                            };
                            /** @default null */
                            usd_cap: number | null;
                            /** @default {} */
                            variables: {
                                [key: string]: unknown;
                            };
                        };
                        /** @constant */
                        valid: true;
                        version_hash: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            postgres: {
                                /** @description Why the check failed */
                                error?: string;
                                ok: boolean;
                                /** @description worker: how many pollers the task queue has */
                                pollers?: number;
                            };
                            temporal: {
                                /** @description Why the check failed */
                                error?: string;
                                ok: boolean;
                                /** @description worker: how many pollers the task queue has */
                                pollers?: number;
                            };
                            worker: {
                                /** @description Why the check failed */
                                error?: string;
                                ok: boolean;
                                /** @description worker: how many pollers the task queue has */
                                pollers?: number;
                            };
                        };
                        /** @description The checks that failed */
                        failing: string[];
                        /**
                         * @description unavailable (with status 503) when any check fails
                         * @enum {string}
                         */
                        status: "ok" | "unavailable";
                    };
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    post_internal_storage_s3_access_log_token: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The secret s3-dev.sh derives from the storage root secret */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the record was kept for an access log (its bucket logs access into a live target) */
                        kept: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    post_internal_storage_s3_events_token: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The secret s3-dev.sh derives from the storage root secret */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    Records?: {
                        [key: string]: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Webhook deliveries, queue messages and replications started */
                        deliveries: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    get_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_openapi_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        components: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        info: {
                            description: string;
                            title: string;
                            version: string;
                        };
                        /** @constant */
                        openapi: "3.1.0";
                        /** @description Path template → method → operation */
                        paths: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        servers: {
                            url: string;
                        }[];
                        tags: {
                            description: string;
                            name: string;
                        }[];
                    };
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_runs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The viewer page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_runs_run_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The viewer page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    get_runs_assets_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A built asset (script, stylesheet or source map) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    get_studio: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studio page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_studio_workflow_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflow_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studio page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_ai_assets: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            created_at: string;
                            deleted_at: string | null;
                            expires_at: string | null;
                            height: number | null;
                            id: string;
                            name: string | null;
                            /** @constant */
                            object: "face_asset";
                            purged_at: string | null;
                            retention_hours: number | null;
                            sandbox: boolean;
                            /** @enum {string} */
                            status: "stored" | "purged" | "deleted";
                            /** @description A signed download URL valid for an hour, while the image is stored */
                            url: string | null;
                            width: number | null;
                        }[];
                        has_more: boolean;
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_ai_assets_asset_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        deleted_at: string | null;
                        expires_at: string | null;
                        height: number | null;
                        id: string;
                        name: string | null;
                        /** @constant */
                        object: "face_asset";
                        purged_at: string | null;
                        retention_hours: number | null;
                        sandbox: boolean;
                        /** @enum {string} */
                        status: "stored" | "purged" | "deleted";
                        /** @description A signed download URL valid for an hour, while the image is stored */
                        url: string | null;
                        width: number | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_ai_assets_asset_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description True when an earlier request (or the retention sweep) had already erased it */
                        already_deleted: boolean;
                        /** @constant */
                        deleted: true;
                        /** Format: date-time */
                        deleted_at: string;
                        id: string;
                        /** @constant */
                        object: "face_asset";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_assets_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image_url: string;
                    name?: string;
                    retention_hours?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        deleted_at: string | null;
                        expires_at: string | null;
                        height: number | null;
                        id: string;
                        name: string | null;
                        /** @constant */
                        object: "face_asset";
                        purged_at: string | null;
                        retention_hours: number | null;
                        sandbox: boolean;
                        /** @enum {string} */
                        status: "stored" | "purged" | "deleted";
                        /** @description A signed download URL valid for an hour, while the image is stored */
                        url: string | null;
                        width: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_audio_speech: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    input: string;
                    instructions?: string;
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    /** @enum {string} */
                    response_format?: "mp3" | "opus" | "aac" | "flac" | "wav" | "pcm";
                    speed?: number;
                    /** @default alloy */
                    voice?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        characters: number;
                        /** @description Unix seconds */
                        created: number;
                        id: string;
                        job_id: string;
                        /** @description audio/wav from the local voices; a provider's own type, or the asked response_format */
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "audio.speech";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        url: string;
                        voice: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_audio_transcriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    file: {
                        bytes: number;
                        filename: string;
                        sha256: string;
                    };
                    language?: string;
                    model: string;
                    prompt?: string;
                    /**
                     * @default json
                     * @enum {string}
                     */
                    response_format?: "json" | "text" | "srt" | "vtt" | "verbose_json";
                    temperature?: number;
                    timestamp_granularities?: ("segment" | "word")[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description verbose_json: seconds of audio */
                        duration?: number;
                        job_id: string;
                        /** @description verbose_json: the language name (e.g. "english") */
                        language?: string;
                        model: string;
                        sandbox: boolean;
                        /** @description verbose_json: timed segments */
                        segments?: {
                            avg_logprob: number;
                            compression_ratio: number;
                            end: number;
                            id: number;
                            no_speech_prob: number;
                            seek: number;
                            start: number;
                            temperature: number;
                            text: string;
                            tokens: number[];
                        }[];
                        /** @constant */
                        task?: "transcribe";
                        text: string;
                        usage: {
                            seconds: number;
                            /** @constant */
                            type: "duration";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_chat_completions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    max_tokens?: number;
                    messages: {
                        content: (string | ({
                            text?: string;
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[]) | null;
                        /** @enum {string} */
                        role: "system" | "user" | "assistant" | "tool" | "developer";
                    }[];
                    model: string;
                    stream?: boolean;
                    temperature?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        choices: {
                            /** @constant */
                            finish_reason: "stop";
                            index: number;
                            message: {
                                content: string;
                                /** @constant */
                                role: "assistant";
                            };
                        }[];
                        /** @description Unix seconds */
                        created: number;
                        /** @description chatcmpl-… */
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "chat.completion";
                        sandbox: boolean;
                        usage: {
                            completion_tokens: number;
                            prompt_tokens: number;
                            total_tokens: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_edit_remove_background: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image_url: string;
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        height: number;
                        id: string;
                        job_id: string;
                        /** @constant */
                        mime_type: "image/png";
                        model: string;
                        /** @constant */
                        object: "image.edit";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_embeddings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dimensions?: number;
                    /**
                     * @default float
                     * @enum {string}
                     */
                    encoding_format?: "float" | "base64";
                    input: string | string[];
                    model?: string;
                    user?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        data: {
                            embedding: number[] | string;
                            index: number;
                            /** @constant */
                            object: "embedding";
                        }[];
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "list";
                        sandbox: boolean;
                        usage: {
                            prompt_tokens: number;
                            total_tokens: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_generate_3d: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default glb
                     * @enum {string}
                     */
                    format?: "glb" | "gltf" | "obj";
                    image_url: string;
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        poll_interval_seconds: number;
                        poll_url: string;
                        sandbox: boolean;
                        /** @constant */
                        status: "processing";
                        type: string;
                        url: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_generate_image: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 1024 */
                    height?: number;
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    prompt: string;
                    /** @default 1024 */
                    width?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        data: {
                            height: number;
                            /** @constant */
                            mime_type: "image/png";
                            url: string;
                            width: number;
                        }[];
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "image.generation";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_generate_music: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Seconds of music
                     * @default 30
                     */
                    duration?: number;
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    prompt: string;
                    seed?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        poll_interval_seconds: number;
                        poll_url: string;
                        sandbox: boolean;
                        /** @constant */
                        status: "processing";
                        type: string;
                        url: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_generate_video: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    prompt: string;
                    /** @default 3 */
                    seconds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        poll_interval_seconds: number;
                        poll_url: string;
                        sandbox: boolean;
                        /** @constant */
                        status: "processing";
                        type: string;
                        url: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_ai_generate_video_job_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @constant */
                            method: "wallet";
                            usd_charged: number;
                        };
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description failed: why (the charge was refunded) */
                        error: string | null;
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        /** @description completed: where the result went (source, kind, path, …; empty for an operation without a file) */
                        output: {
                            [key: string]: unknown;
                        } | null;
                        /** @description completed: what the operation returned besides its file */
                        result: {
                            [key: string]: unknown;
                        } | null;
                        sandbox: boolean;
                        /** @enum {string} */
                        status: "processing" | "completed" | "failed";
                        type: string;
                        /** @description completed: a signed URL to the result (or the delivered object) */
                        url: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_images_generations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    background?: string;
                    model?: string;
                    /** @default 1 */
                    n?: number;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    /** @enum {string} */
                    output_format?: "png";
                    prompt: string;
                    quality?: string;
                    /**
                     * @default url
                     * @enum {string}
                     */
                    response_format?: "url" | "b64_json";
                    /**
                     * @default 1024x1024
                     * @enum {string}
                     */
                    size?: "256x256" | "512x512" | "1024x1024" | "1536x1024" | "1024x1536" | "1792x1024" | "1024x1792" | "auto";
                    style?: string;
                    user?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        created: number;
                        data: {
                            b64_json?: string;
                            revised_prompt?: string;
                            url?: string;
                        }[];
                        job_id: string;
                        model: string;
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_ai_models: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The chat models /v1/ai/chat/completions accepts */
                        chat: string[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_text_translate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                    source?: string;
                    target: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "text.translation";
                        sandbox: boolean;
                        /** @description The source language, given or detected */
                        source: string;
                        target: string;
                        text: string;
                        /** @description The same text as `text` */
                        translated_text: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_ai_text_translate_languages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            name: string;
                        }[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_ai_vision_ocr: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image_url: string;
                    model?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "vision.ocr";
                        sandbox: boolean;
                        text: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_auth_bucket_keys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bucket_id?: unknown;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The bucket-scoped secret (svc_bkt_live_…), shown once */
                        apiKey: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_auth_keys: {
        parameters: {
            query?: {
                environment?: "production" | "sandbox";
                limit?: number;
                offset?: number;
                status?: "active" | "revoked" | "expired";
                type?: "read-only" | "write" | "admin";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowed_ips: string[];
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            environment: "production" | "sandbox";
                            expires_at: string | null;
                            id: string;
                            /** @description The secret itself: shown once, when the key is created */
                            key?: string;
                            last_used_at: string | null;
                            metadata: {
                                [key: string]: string;
                            };
                            name: string;
                            /** @constant */
                            object: "api_key";
                            /** @description Masked form: first and last characters */
                            prefix: string;
                            requests_30d: number;
                            scopes: string[];
                            /** @enum {string} */
                            status: "active" | "revoked" | "expired";
                            /** @description null for a bucket-scoped key */
                            type: ("read-only" | "write" | "admin") | null;
                        }[];
                        has_more: boolean;
                        /** @constant */
                        object: "list";
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_auth_keys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    allowed_ips?: string[];
                    /**
                     * @default production
                     * @enum {string}
                     */
                    environment?: "production" | "sandbox";
                    /** @default null */
                    expires_at?: string | null;
                    /** @default {} */
                    metadata?: {
                        [key: string]: string;
                    };
                    name: string;
                    scopes?: ("images" | "video" | "chat" | "audio" | "storage" | "compute" | "billing" | "keys")[];
                    /** @enum {string} */
                    type: "read-only" | "write" | "admin";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_ips: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment: "production" | "sandbox";
                        expires_at: string | null;
                        id: string;
                        /** @description The secret itself: shown once, when the key is created */
                        key?: string;
                        last_used_at: string | null;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        /** @constant */
                        object: "api_key";
                        /** @description Masked form: first and last characters */
                        prefix: string;
                        scopes: string[];
                        /** @description null for a bucket-scoped key */
                        type: ("read-only" | "write" | "admin") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_auth_keys_key_id_output_rules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            max_rules: number;
                        };
                        /** @description In evaluation order */
                        rules: {
                            /** Format: date-time */
                            created_at: string;
                            destination_id: string;
                            id: string;
                            key_id: string;
                            model_pattern: string;
                            /** @constant */
                            object: "output_rule";
                            path_template: string | null;
                            priority: number;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_auth_keys_key_id_output_rules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    destinationId: string;
                    modelPattern: string;
                    /** @default null */
                    pathTemplate?: string | null;
                    /** @default 100 */
                    priority?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        destination_id: string;
                        id: string;
                        key_id: string;
                        model_pattern: string;
                        /** @constant */
                        object: "output_rule";
                        path_template: string | null;
                        priority: number;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_auth_keys_key_id_output_rules_rule_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "output_rule";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_v1_auth_keys_key_id_output_rules_rule_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clearPathTemplate?: boolean;
                    /** Format: uuid */
                    destinationId?: string;
                    modelPattern?: string;
                    pathTemplate?: string | null;
                    priority?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        destination_id: string;
                        id: string;
                        key_id: string;
                        model_pattern: string;
                        /** @constant */
                        object: "output_rule";
                        path_template: string | null;
                        priority: number;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_auth_keys_keyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_ips: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment: "production" | "sandbox";
                        expires_at: string | null;
                        id: string;
                        /** @description The secret itself: shown once, when the key is created */
                        key?: string;
                        last_used_at: string | null;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        /** @constant */
                        object: "api_key";
                        /** @description Masked form: first and last characters */
                        prefix: string;
                        requests_30d: number;
                        scopes: string[];
                        /** @enum {string} */
                        status: "active" | "revoked" | "expired";
                        /** @description null for a bucket-scoped key */
                        type: ("read-only" | "write" | "admin") | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_auth_keys_keyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "api_key";
                        /** Format: date-time */
                        revoked_at: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_v1_auth_keys_keyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowedIps?: string[];
                    allowedReferrers?: string[];
                    clearDestination?: boolean;
                    clearRetention?: boolean;
                    description?: string | null;
                    /** Format: uuid */
                    destinationId?: string;
                    keepLocalCopy?: boolean;
                    name?: string;
                    rateLimitPerMinute?: number | null;
                    retentionHours?: number;
                    scopes?: ("images" | "video" | "chat" | "audio" | "storage" | "compute" | "billing" | "keys")[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_ips: string[];
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        environment: "production" | "sandbox";
                        expires_at: string | null;
                        id: string;
                        /** @description The secret itself: shown once, when the key is created */
                        key?: string;
                        last_used_at: string | null;
                        metadata: {
                            [key: string]: string;
                        };
                        name: string;
                        /** @constant */
                        object: "api_key";
                        /** @description Masked form: first and last characters */
                        prefix: string;
                        scopes: string[];
                        settings: {
                            allowed_referrers: string[];
                            bucket_id: string | null;
                            description: string | null;
                            destination_id: string | null;
                            keep_local_copy: boolean;
                            rate_limit_per_minute: number | null;
                            retention_hours: number | null;
                            revoked_at: string | null;
                            rotated_from: string | null;
                        };
                        /** @enum {string} */
                        status: "active" | "revoked";
                        /** @description null for a bucket-scoped key */
                        type: ("read-only" | "write" | "admin") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_auth_keys_keyId_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new secret, shown once */
                        apiKey: string;
                        meta: {
                            destination_id: string | null;
                            expires_at: string | null;
                            id: string;
                            name: string;
                            /** @constant */
                            old_key_revoked: true;
                            output_rules_copied: number;
                            rate_limit_per_minute: number | null;
                            retention_hours: number | null;
                            rotated_from: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_billing_balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        balance_usd: number;
                        /** @constant */
                        currency: "USD";
                        /** @constant */
                        object: "balance";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_billing_balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        balance_usd: number;
                        /** @constant */
                        currency: "USD";
                        /** @constant */
                        object: "balance";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_billing_estimate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    operations: {
                        /** @default 1 */
                        count?: number;
                        model: string;
                        type: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance_usd: number;
                        /** @constant */
                        billing_model: "prepaid_wallet_usd";
                        breakdown: {
                            amount_usd: number | null;
                            breakdown: {
                                amount_usd: number;
                                leg: string;
                                quantity: number;
                                rate_usd: number;
                                unit: string;
                            }[];
                            count: number;
                            model: string;
                            priced: boolean;
                            pricing_verified: boolean;
                            provider_cost_usd: number | null;
                            /** @description Why an operation has no price */
                            reason?: string;
                            type: string;
                            unit: string | null;
                        }[];
                        /** @constant */
                        currency: "USD";
                        margin: number;
                        /** @constant */
                        object: "billing_estimate";
                        priced: boolean;
                        provider_cost_usd: number;
                        /** @description With an unpriced operation, only that the wallet is not empty */
                        sufficient: boolean;
                        /** @description Deprecated; always null */
                        total_credits: null;
                        total_usd: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_billing_plans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Always empty: subscription plans are retired */
                        plans: unknown[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_billing_stripe_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The event id was handled before; nothing changed */
                        duplicate: boolean;
                        /** @constant */
                        received: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["BadRequest"];
        };
    };
    post_v1_billing_topup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount_usd?: number;
                    package?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount_usd: number;
                        balance_usd: number;
                        bonus_percent: number;
                        bonus_usd: number;
                        /** @constant */
                        currency: "USD";
                        gateway: string;
                        /** @description The payment's id at the gateway */
                        id: string;
                        /** @constant */
                        object: "wallet_topup";
                        package: string | null;
                        /** @constant */
                        status: "succeeded";
                        total_credited_usd: number;
                        /** @description The ledger entries written (txn_…): the top-up and its bonus */
                        transactions: string[];
                    } | {
                        amount_usd: number;
                        bonus_percent: number;
                        bonus_usd: number;
                        /** @description Stripe's Checkout page to pay on; null while a payment is processing */
                        checkout_url: string | null;
                        /** @constant */
                        currency: "USD";
                        /** @description When the Checkout page expires */
                        expires_at: string | null;
                        gateway: string;
                        /** @description The Checkout session (cs_…), or the PaymentIntent (pi_…) of a payment still processing */
                        id: string;
                        /** @constant */
                        object: "wallet_topup";
                        package: string | null;
                        /** @constant */
                        status: "pending";
                        /** @description What the wallet will receive once Stripe confirms the payment */
                        total_credited_usd: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
        };
    };
    get_v1_billing_topup_packages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The highest rung not above the amount applies to the whole amount */
                        bonus_tiers: {
                            bonus_percent: number;
                            min_usd: number;
                        }[];
                        /** @constant */
                        currency: "USD";
                        max_usd: number;
                        min_usd: number;
                        /** @constant */
                        object: "list";
                        packages: {
                            amount_usd: number;
                            bonus_percent: number;
                            bonus_usd: number;
                            /** @constant */
                            currency: "USD";
                            name: string;
                            slug: string;
                            total_usd: number;
                        }[];
                    };
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_billing_transactions: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                type?: "charge" | "refund" | "topup" | "bonus" | "adjustment";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Negative for charges */
                            amount_usd: number;
                            balance_after_usd: number;
                            /** Format: date-time */
                            created_at: string;
                            /** @constant */
                            currency: "USD";
                            id: string;
                            label: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            /** @constant */
                            object: "transaction";
                            operation: string;
                            /** @description For a refund: the operation id of the charge it reverses */
                            reference: string | null;
                            /** @enum {string} */
                            type: "charge" | "refund" | "topup" | "bonus" | "adjustment";
                        }[];
                        has_more: boolean;
                        limit: number;
                        /** @constant */
                        object: "list";
                        offset: number;
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_buckets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            allowed_mime_types: string[];
                            /** Format: date-time */
                            created_at: string;
                            file_count: number;
                            id: string;
                            is_active: boolean;
                            is_public: boolean;
                            max_file_size_mb: number | null;
                            name: string;
                            path_prefix: string;
                            region: string;
                            /** @constant */
                            storage_region: "eu-central-1";
                            total_bytes: number;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_buckets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowed_mime_types?: string[];
                    is_active?: boolean;
                    is_public?: boolean;
                    max_file_size_mb?: number | null;
                    name: string;
                    region?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_mime_types: string[];
                        /** Format: date-time */
                        created_at: string;
                        file_count: number;
                        id: string;
                        is_active: boolean;
                        is_public: boolean;
                        max_file_size_mb: number | null;
                        name: string;
                        path_prefix: string;
                        region: string;
                        /** @constant */
                        storage_region: "eu-central-1";
                        total_bytes: number;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_buckets_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_mime_types: string[];
                        /** Format: date-time */
                        created_at: string;
                        file_count: number;
                        id: string;
                        is_active: boolean;
                        is_public: boolean;
                        max_file_size_mb: number | null;
                        name: string;
                        path_prefix: string;
                        region: string;
                        /** @constant */
                        storage_region: "eu-central-1";
                        total_bytes: number;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_buckets_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bytes_freed: number;
                        /** @constant */
                        deleted: true;
                        files_deleted: number;
                        id: string;
                        name: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_v1_buckets_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowed_mime_types?: string[];
                    is_active?: boolean;
                    is_public?: boolean;
                    max_file_size_mb?: number | null;
                    name?: string;
                    region?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed_mime_types: string[];
                        /** Format: date-time */
                        created_at: string;
                        file_count: number;
                        id: string;
                        is_active: boolean;
                        is_public: boolean;
                        max_file_size_mb: number | null;
                        name: string;
                        path_prefix: string;
                        region: string;
                        /** @constant */
                        storage_region: "eu-central-1";
                        total_bytes: number;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_console_billing_payment_method: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stripe page where the card is saved; it becomes the default for later top-ups */
                        checkout_url: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @description The Checkout session (setup mode) */
                        id: string;
                        /** @constant */
                        object: "payment_method_setup";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
            503: components["responses"]["BadRequest"];
        };
    };
    post_v1_console_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** Format: date-time */
                        expires_at: string;
                        /** @description A console session token: send it as `Authorization: Bearer` */
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_console_signup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        status: "accepted";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_console_verify_email: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @constant */
                        object: "email_verification";
                        /** @enum {string} */
                        status: "verified" | "already_verified";
                    };
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_console_verify_email_resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        object: "email_verification";
                        /** @enum {string} */
                        status: "sent" | "already_verified";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
            503: components["responses"]["BadRequest"];
        };
    };
    get_v1_console_webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        id: string;
                        name: string;
                        /** @constant */
                        object: "webhook";
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_console_webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: ("generation.completed" | "generation.failed" | "credits.low" | "credits.depleted" | "billing.charged" | "key.used" | "images.batch.completed" | "background.removed" | "background.replaced" | "background.blurred" | "shadow.added" | "commerce.job.completed" | "commerce.job.failed" | "commerce.item.completed" | "commerce.job.awaiting_credits")[];
                    headers?: {
                        [key: string]: string;
                    };
                    name: string;
                    secret?: unknown;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        id: string;
                        name: string;
                        /** @constant */
                        object: "webhook";
                        /** @description The signing secret, shown once */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_console_webhooks_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        id: string;
                        name: string;
                        /** @constant */
                        object: "webhook";
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_console_webhooks_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_v1_console_webhooks_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    events?: ("generation.completed" | "generation.failed" | "credits.low" | "credits.depleted" | "billing.charged" | "key.used" | "images.batch.completed" | "background.removed" | "background.replaced" | "background.blurred" | "shadow.added" | "commerce.job.completed" | "commerce.job.failed" | "commerce.item.completed" | "commerce.job.awaiting_credits")[];
                    headers?: {
                        [key: string]: string;
                    };
                    name?: string;
                    secret?: unknown;
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        id: string;
                        name: string;
                        /** @constant */
                        object: "webhook";
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_console_webhooks_id_logs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        attempted_at: string;
                        event: string;
                        id: string;
                        payload: {
                            [key: string]: unknown;
                        };
                        response_body: string;
                        /** @description The receiver's HTTP status; 0 when no answer came */
                        response_status: number;
                        success: boolean;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_console_webhooks_id_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        success: boolean;
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_files_key: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_background: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    background_prompt?: string;
                    background_url?: string;
                    blur_radius?: number;
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    /** @enum {string} */
                    mode: "remove" | "replace" | "blur";
                    /** @description remove: a remove-background model of the catalogue (default atelier-rembg-v1) */
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_batch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description each {image_url, ...the operation's fields for this image}, which override params */
                    images: ({
                        image_url: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @enum {string} */
                    operation: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    /**
                     * @description the operation's fields shared by every image
                     * @default {}
                     */
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        poll_interval_seconds: number;
                        poll_url: string;
                        sandbox: boolean;
                        /** @constant */
                        status: "processing";
                        type: string;
                        url: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_colorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_depth_map: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_face_restore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    strength?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_shadow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    blur?: number;
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    offset_x?: number;
                    offset_y?: number;
                    opacity?: number;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_images_upscale: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format?: "png" | "webp" | "jpeg";
                    image_url: string;
                    /** @description an upscale model of the catalogue (default atelier-upscale-v1) */
                    model?: string;
                    output?: {
                        destination_id?: string;
                        path_template?: string;
                    };
                    scale: 2 | 4;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            balance_usd: number;
                            cost_usd: number;
                            /** @constant */
                            currency: "USD";
                        };
                        /** @description Unix seconds */
                        created: number;
                        /** @enum {string} */
                        format: "png" | "webp" | "jpeg";
                        height: number;
                        id: string;
                        input: {
                            height: number;
                            width: number;
                        };
                        job_id: string;
                        mime_type: string;
                        model: string;
                        /** @constant */
                        object: "image.tool";
                        output: {
                            destination_id: string | null;
                            /** @description s3: why the delivery failed */
                            error?: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            /** @description s3: an internal copy is kept too (asked for, or the delivery failed) */
                            local_copy?: boolean;
                            /** @description s3: the delivered object */
                            object_url?: string;
                            path: string;
                            rule_id: string | null;
                            /**
                             * @description What chose the place: the request's output object, a routing rule, the key's default destination, or internal storage
                             * @enum {string}
                             */
                            source: "request" | "rule" | "key" | "default";
                            /**
                             * @description s3: whether the delivery succeeded
                             * @enum {string}
                             */
                            status?: "delivered" | "failed";
                            /**
                             * Format: date-time
                             * @description internal: when the signed URL expires
                             */
                            url_expires_at?: string;
                        };
                        sandbox: boolean;
                        /** @constant */
                        status: "completed";
                        /** @enum {string} */
                        tool: "background" | "shadow" | "colorize" | "face-restore" | "depth-map" | "upscale";
                        url: string;
                        width: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_jobs_job_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @constant */
                            method: "wallet";
                            usd_charged: number;
                        };
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description failed: why (the charge was refunded) */
                        error: string | null;
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        /** @description completed: where the result went (source, kind, path, …; empty for an operation without a file) */
                        output: {
                            [key: string]: unknown;
                        } | null;
                        /** @description completed: what the operation returned besides its file */
                        result: {
                            [key: string]: unknown;
                        } | null;
                        sandbox: boolean;
                        /** @enum {string} */
                        status: "processing" | "completed" | "failed";
                        type: string;
                        /** @description completed: a signed URL to the result (or the delivered object) */
                        url: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_jobs_job_id_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @constant */
                            method: "wallet";
                            usd_charged: number;
                        };
                        completed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description failed: why (the charge was refunded) */
                        error: string | null;
                        id: string;
                        job_id: string;
                        model: string;
                        /** @constant */
                        object: "job";
                        /** @description completed: where the result went (source, kind, path, …; empty for an operation without a file) */
                        output: {
                            [key: string]: unknown;
                        } | null;
                        /** @description completed: what the operation returned besides its file */
                        result: {
                            [key: string]: unknown;
                        } | null;
                        sandbox: boolean;
                        /** @enum {string} */
                        status: "processing" | "completed" | "failed";
                        type: string;
                        /** @description completed: a signed URL to the result (or the delivered object) */
                        url: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_output_destinations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description prefix, and for s3 the bucket, region, endpoint and access key id (never the secret) */
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            /** @enum {string} */
                            kind: "internal" | "s3";
                            name: string;
                            /** @constant */
                            object: "output_destination";
                        }[];
                        /** @constant */
                        object: "list";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_output_destinations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_key_id?: string;
                    bucket?: string;
                    endpoint?: string;
                    /** @enum {string} */
                    kind: "internal" | "s3";
                    name: string;
                    prefix?: string;
                    region?: string;
                    secret_access_key?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description prefix, and for s3 the bucket, region, endpoint and access key id (never the secret) */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        id: string;
                        /** @enum {string} */
                        kind: "internal" | "s3";
                        name: string;
                        /** @constant */
                        object: "output_destination";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_output_destinations_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description prefix, and for s3 the bucket, region, endpoint and access key id (never the secret) */
                        config: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        id: string;
                        /** @enum {string} */
                        kind: "internal" | "s3";
                        name: string;
                        /** @constant */
                        object: "output_destination";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_output_destinations_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                        /** @constant */
                        object: "output_destination";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_photos: {
        parameters: {
            query?: {
                bucket_name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_name: string | null;
                        /** @description Newest first, at most 1000 */
                        files: {
                            bucket_id: string;
                            bucket_name: string;
                            content_type: string;
                            /** Format: date-time */
                            created_at: string;
                            filename: string;
                            id: string;
                            is_public: boolean;
                            /** @description The object's key inside the bucket */
                            key: string;
                            signed: boolean;
                            size_bytes: number;
                            /** @description A plain URL for a public file, else a presigned one that expires */
                            url: string;
                            url_expires_at: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_photos_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        bucket_name: string;
                        content_type: string;
                        /** Format: date-time */
                        created_at: string;
                        filename: string;
                        id: string;
                        is_public: boolean;
                        /** @description The object's key inside the bucket */
                        key: string;
                        signed: boolean;
                        size_bytes: number;
                        /** @description A plain URL for a public file, else a presigned one that expires */
                        url: string;
                        url_expires_at: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_pricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        billing_model: "prepaid_wallet_usd";
                        /** @constant */
                        currency: "USD";
                        margin_percent: number;
                        /** @constant */
                        object: "pricing";
                        operations: {
                            legs: {
                                leg: string;
                                provider_cost_usd: number;
                                rate_usd: number;
                                unit: string;
                            }[];
                            model: string;
                            pricing_verified: boolean;
                            type: string;
                            unit: string;
                        }[];
                        /** @description Decimal strings, so no float rounding shows */
                        storage: {
                            /** @constant */
                            currency: "USD";
                            price_per_gb_hourly: string;
                            price_per_gb_monthly: string;
                            source: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_providers_provider_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        received: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_public_files_fileId_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        buckets: {
                            /** Format: date-time */
                            created_at: string;
                            display_name: string;
                            id: string;
                            quota_gb: number;
                            region: string;
                            /** @description `active`; `deleting` while a delete runs */
                            status: string;
                            /** @description The default storage class of new objects */
                            storage_class: string;
                            /** @description As last measured on the server */
                            used_bytes: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        aws_bucket_name: string;
                        /** @enum {string} */
                        billing_mode: "wallet" | "invoice_monthly";
                        block_public_access: boolean;
                        /** @description Every configuration section by name: how it is enforced and what is set */
                        configuration: {
                            accelerate: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    /** @enum {string} */
                                    status: "Enabled" | "Suspended";
                                };
                            };
                            /** @description Keyed by access point name */
                            access_points: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    [key: string]: {
                                        alias: string;
                                        block_public_access: boolean;
                                        /** Format: date-time */
                                        created_at: string;
                                        name: string;
                                        policy_json: {
                                            [key: string]: unknown;
                                        } | null;
                                        vpc_id?: string;
                                    };
                                };
                            };
                            /** @description Read-only: GET …/acl answers the grants */
                            acl: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                            };
                            cors: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    rules: {
                                        allowed_headers: string[];
                                        allowed_methods: string[];
                                        allowed_origins: string[];
                                        expose_headers: string[];
                                        id?: string;
                                        max_age_seconds?: number;
                                    }[];
                                };
                            };
                            encryption: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    /** @enum {string} */
                                    algorithm: "AES256" | "aws:kms" | "aws:kms:dsse";
                                    bucket_key_enabled: boolean;
                                    kms_master_key_id?: string | null;
                                } | null;
                            };
                            intelligent_tiering: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    id: string;
                                    prefix?: string;
                                    /** @enum {string} */
                                    status: "Enabled" | "Disabled";
                                    tag?: {
                                        key: string;
                                        value: string;
                                    };
                                    tierings: {
                                        /** @enum {string} */
                                        access_tier: "ARCHIVE_ACCESS" | "DEEP_ARCHIVE_ACCESS";
                                        days: number;
                                    }[];
                                }[];
                            };
                            lifecycle: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    rules: {
                                        abort_incomplete_multipart_upload?: {
                                            days_after_initiation: number;
                                        };
                                        expiration?: {
                                            days: number;
                                        };
                                        id: string;
                                        noncurrent_version_expiration?: {
                                            noncurrent_days: number;
                                        };
                                        noncurrent_version_transitions: {
                                            noncurrent_days: number;
                                            storage_class: string;
                                        }[];
                                        prefix: string;
                                        /** @enum {string} */
                                        status: "Enabled" | "Disabled";
                                        transitions: {
                                            days: number;
                                            storage_class: string;
                                        }[];
                                    }[];
                                };
                            };
                            logging: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    enabled: boolean;
                                    target_bucket?: string | null;
                                    target_prefix: string;
                                };
                            };
                            notifications: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    event_bridge_enabled: boolean;
                                    lambda: {
                                        arn: string;
                                        events: string[];
                                        filter_prefix?: string;
                                        filter_suffix?: string;
                                    }[];
                                    queues: {
                                        broker: string;
                                        connection_id: string;
                                        events: string[];
                                        filter_prefix?: string;
                                        filter_suffix?: string;
                                        id?: string;
                                        topic: string;
                                    }[];
                                    sns: {
                                        arn: string;
                                        events: string[];
                                        filter_prefix?: string;
                                        filter_suffix?: string;
                                    }[];
                                    sqs: {
                                        arn: string;
                                        events: string[];
                                        filter_prefix?: string;
                                        filter_suffix?: string;
                                    }[];
                                    webhooks: {
                                        events: string[];
                                        filter_prefix?: string;
                                        filter_suffix?: string;
                                        id?: string;
                                        webhook_id: string;
                                    }[];
                                };
                            };
                            object_lock: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    enabled: boolean;
                                    mode?: ("GOVERNANCE" | "COMPLIANCE") | null;
                                    retention_days?: number | null;
                                    retention_years?: number | null;
                                };
                            };
                            ownership: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    /** @enum {string} */
                                    ownership: "BucketOwnerEnforced" | "BucketOwnerPreferred" | "ObjectWriter";
                                };
                            };
                            policy: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    [key: string]: unknown;
                                } | null;
                            };
                            public_access_block: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    block_public_acls: boolean;
                                    block_public_policy: boolean;
                                    ignore_public_acls: boolean;
                                    restrict_public_buckets: boolean;
                                } | null;
                            };
                            replication: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    role?: string;
                                    rules: {
                                        /** @enum {string} */
                                        delete_marker_replication?: "Enabled" | "Disabled";
                                        destination?: {
                                            bucket: string;
                                            storage_class?: string;
                                        };
                                        id: string;
                                        prefix?: string;
                                        priority: number;
                                        /** @enum {string} */
                                        status: "Enabled" | "Disabled";
                                    }[];
                                } | null;
                            };
                            request_payment: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    /** @enum {string} */
                                    payer: "BucketOwner" | "Requester";
                                };
                            };
                            tags: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    tags: {
                                        key: string;
                                        value: string;
                                    }[];
                                };
                            };
                            versioning: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    /** @description Whether versioning was ever on (objects may have versions) */
                                    ever_enabled?: boolean;
                                    /** @enum {string} */
                                    mfa_delete?: "Enabled" | "Disabled";
                                    /**
                                     * @description The server's state (a bucket never versioned is Suspended)
                                     * @enum {string}
                                     */
                                    status: "Enabled" | "Suspended";
                                };
                            };
                            website: {
                                /** @enum {string} */
                                enforced: "server" | "atelier" | "recorded" | "not_available";
                                /** @description Why the setting has no effect here (only when `not_available`) */
                                note?: string;
                                value: {
                                    error_document?: string;
                                    index_document?: string;
                                    redirect_all_requests_to?: {
                                        host_name: string;
                                        /** @enum {string} */
                                        protocol?: "http" | "https";
                                    };
                                    routing_rules: {
                                        condition?: {
                                            key_prefix_equals: string;
                                        };
                                        redirect: {
                                            host_name?: string;
                                            http_redirect_code?: string;
                                            replace_key_prefix_with?: string;
                                        };
                                    }[];
                                } | null;
                            };
                        };
                        /** Format: date-time */
                        created_at: string;
                        credentials: {
                            access_key_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description When an `expiring` key stops working */
                            expires_at: string | null;
                            label: string;
                            last_used: string | null;
                            /** @enum {string} */
                            status: "active" | "expiring" | "revoked";
                        }[];
                        description: string | null;
                        display_name: string;
                        endpoint: string;
                        id: string;
                        mfa_delete_enabled: boolean;
                        object_count: number;
                        quota_gb: number;
                        region: string;
                        reservation: {
                            held_usd: number;
                            remaining_usd: number;
                        };
                        s3_uri: string;
                        signing_region: string;
                        /** @description `active`; `deleting` while a delete runs */
                        status: string;
                        /** @description The default storage class of new objects */
                        storage_class: string;
                        tags: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        updated_at: string;
                        usage: {
                            bucket_id: string;
                            /** @description Keyed by storage class (lifecycle transitions included) */
                            by_storage_class: {
                                [key: string]: {
                                    bytes: number;
                                    objects: number;
                                };
                            };
                            /** Format: date-time */
                            last_updated: string;
                            quota_gb: number;
                            total_bytes: number;
                            total_gb: number;
                            total_objects: number;
                            usage_percent: number;
                        };
                        /** @description As last measured on the server */
                        used_bytes: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credentials_revoked: number;
                        /** @constant */
                        deleted: true;
                        id: string;
                        refunded_to: "wallet" | null;
                        reservation_refund_usd: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_accelerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        status: "Enabled" | "Suspended";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_accelerate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "Enabled" | "Suspended";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        status: "Enabled" | "Suspended";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_access_points: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_points: {
                            alias: string;
                            block_public_access: boolean;
                            bucket_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @enum {string} */
                            enforced: "server" | "atelier" | "recorded" | "not_available";
                            has_policy: boolean;
                            name: string;
                            /** @enum {string} */
                            network_origin: "VPC" | "Internet";
                            /** @description Why the setting has no effect here (only when `not_available`) */
                            note?: string;
                            vpc_id: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_access_points: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    block_public_access?: boolean;
                    name: string;
                    vpc_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alias: string;
                        block_public_access: boolean;
                        bucket_id: string;
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        has_policy: boolean;
                        name: string;
                        /** @enum {string} */
                        network_origin: "VPC" | "Internet";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        vpc_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_access_points_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alias: string;
                        block_public_access: boolean;
                        bucket_id: string;
                        /** Format: date-time */
                        created_at: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        has_policy: boolean;
                        name: string;
                        /** @enum {string} */
                        network_origin: "VPC" | "Internet";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        vpc_id: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_access_points_name: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                        name: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_access_points_name_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        name: string;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        policy_json: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_access_points_name_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    policy_json: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        name: string;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        policy_json: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_access_points_name_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        name: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_acl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        enforced: "server";
                        grants: {
                            grantee: {
                                id: string | null;
                                type: string | null;
                                uri: string | null;
                            };
                            permission: string | null;
                        }[];
                        owner: {
                            display_name: string | null;
                            id: string | null;
                        };
                        /** @constant */
                        read_only: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_cors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        rules: {
                            allowed_headers: string[];
                            allowed_methods: string[];
                            allowed_origins: string[];
                            expose_headers: string[];
                            id?: string;
                            max_age_seconds?: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_cors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rules: {
                        /** @default [] */
                        allowed_headers?: string[];
                        allowed_methods: ("GET" | "PUT" | "POST" | "DELETE" | "HEAD")[];
                        allowed_origins: string[];
                        /** @default [] */
                        expose_headers?: string[];
                        id?: string;
                        max_age_seconds?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        rules: {
                            allowed_headers: string[];
                            allowed_methods: string[];
                            allowed_origins: string[];
                            expose_headers: string[];
                            id?: string;
                            max_age_seconds?: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_cors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_credentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        credentials: {
                            access_key_id: string;
                            /** Format: date-time */
                            created_at: string;
                            /** @description When an `expiring` key stops working */
                            expires_at: string | null;
                            label: string;
                            last_used: string | null;
                            /** @enum {string} */
                            status: "active" | "expiring" | "revoked";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_encryption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm: "AES256" | "aws:kms" | "aws:kms:dsse";
                        bucket_id: string;
                        bucket_key_enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        kms_master_key_id?: string | null;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_encryption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    algorithm: "AES256" | "aws:kms" | "aws:kms:dsse";
                    /** @default false */
                    bucket_key_enabled?: boolean;
                    kms_master_key_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm: "AES256" | "aws:kms" | "aws:kms:dsse";
                        bucket_id: string;
                        bucket_key_enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        kms_master_key_id?: string | null;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_encryption: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_intelligent_tiering: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        configurations: {
                            id: string;
                            prefix?: string;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                            tag?: {
                                key: string;
                                value: string;
                            };
                            tierings: {
                                /** @enum {string} */
                                access_tier: "ARCHIVE_ACCESS" | "DEEP_ARCHIVE_ACCESS";
                                days: number;
                            }[];
                        }[];
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_intelligent_tiering: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    prefix?: string;
                    /** @enum {string} */
                    status: "Enabled" | "Disabled";
                    tag?: {
                        key: string;
                        value: string;
                    };
                    tierings: {
                        /** @enum {string} */
                        access_tier: "ARCHIVE_ACCESS" | "DEEP_ARCHIVE_ACCESS";
                        days: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        configurations: {
                            id: string;
                            prefix?: string;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                            tag?: {
                                key: string;
                                value: string;
                            };
                            tierings: {
                                /** @enum {string} */
                                access_tier: "ARCHIVE_ACCESS" | "DEEP_ARCHIVE_ACCESS";
                                days: number;
                            }[];
                        }[];
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_intelligent_tiering_config_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
                config_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_lifecycle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        rules: {
                            abort_incomplete_multipart_upload?: {
                                days_after_initiation: number;
                            };
                            expiration?: {
                                days: number;
                            };
                            id: string;
                            noncurrent_version_expiration?: {
                                noncurrent_days: number;
                            };
                            noncurrent_version_transitions: {
                                noncurrent_days: number;
                                storage_class: string;
                            }[];
                            prefix: string;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                            transitions: {
                                days: number;
                                storage_class: string;
                            }[];
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_lifecycle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rules: {
                        abort_incomplete_multipart_upload?: {
                            days_after_initiation: number;
                        };
                        expiration?: {
                            days: number;
                        };
                        id: string;
                        noncurrent_version_expiration?: {
                            noncurrent_days: number;
                        };
                        /** @default [] */
                        noncurrent_version_transitions?: {
                            noncurrent_days: number;
                            /** @enum {string} */
                            storage_class: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                        }[];
                        /** @default  */
                        prefix?: string;
                        /** @enum {string} */
                        status: "Enabled" | "Disabled";
                        /** @default [] */
                        transitions?: {
                            days: number;
                            /** @enum {string} */
                            storage_class: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        rules: {
                            abort_incomplete_multipart_upload?: {
                                days_after_initiation: number;
                            };
                            expiration?: {
                                days: number;
                            };
                            id: string;
                            noncurrent_version_expiration?: {
                                noncurrent_days: number;
                            };
                            noncurrent_version_transitions: {
                                noncurrent_days: number;
                                storage_class: string;
                            }[];
                            prefix: string;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                            transitions: {
                                days: number;
                                storage_class: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_lifecycle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_logging: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        target_bucket?: string | null;
                        target_prefix: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_logging: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    target_bucket?: string;
                    /** @default  */
                    target_prefix?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        target_bucket?: string | null;
                        target_prefix: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_metrics: {
        parameters: {
            query?: {
                end?: string;
                metric?: "BucketSizeBytes" | "NumberOfObjects" | "AllRequests" | "GetRequests" | "PutRequests" | "4xxErrors" | "5xxErrors" | "BytesDownloaded" | "BytesUploaded";
                period?: number;
                start?: string;
            };
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first; periods without data are left out */
                        datapoints: {
                            /** Format: date-time */
                            timestamp: string;
                            value: number;
                        }[];
                        /** Format: date-time */
                        end: string;
                        /** @enum {string} */
                        metric: "BucketSizeBytes" | "NumberOfObjects" | "AllRequests" | "GetRequests" | "PutRequests" | "4xxErrors" | "5xxErrors" | "BytesDownloaded" | "BytesUploaded";
                        /** @description Seconds per datapoint */
                        period: number;
                        source: string;
                        /** Format: date-time */
                        start: string;
                        /** @enum {string} */
                        statistic: "Sum" | "Maximum";
                        /** @enum {string} */
                        unit: "Bytes" | "Count";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_multipart_abort: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    upload_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        aborted: true;
                        key: string;
                        upload_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_multipart_complete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    parts: {
                        etag: string;
                        part_number: number;
                    }[];
                    upload_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        etag: string | null;
                        key: string;
                        parts: number;
                        version_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_multipart_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content_type?: string;
                    key: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    storage_class?: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        key: string;
                        upload_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_multipart_presign_part: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 3600 */
                    expires_in?: number;
                    key: string;
                    part_number: number;
                    upload_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        /** @constant */
                        method: "PUT";
                        part_number: number;
                        upload_id: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_notifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        event_bridge_enabled: boolean;
                        lambda: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        queues: {
                            broker: string;
                            connection_id: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                            id?: string;
                            topic: string;
                        }[];
                        sns: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        sqs: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        webhooks: {
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                            id?: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_notifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    event_bridge_enabled?: boolean;
                    /** @default [] */
                    lambda?: {
                        arn: string;
                        events: string[];
                        filter_prefix?: string;
                        filter_suffix?: string;
                    }[];
                    /** @default [] */
                    queues?: {
                        /** @enum {string} */
                        broker: "rabbitmq" | "mqtt" | "nats" | "redis";
                        connection_id: string;
                        events: string[];
                        filter_prefix?: string;
                        filter_suffix?: string;
                        id?: string;
                        /** @description queue (RabbitMQ), topic (MQTT), subject (NATS) or list key (Redis) */
                        topic: string;
                    }[];
                    /** @default [] */
                    sns?: {
                        arn: string;
                        events: string[];
                        filter_prefix?: string;
                        filter_suffix?: string;
                    }[];
                    /** @default [] */
                    sqs?: {
                        arn: string;
                        events: string[];
                        filter_prefix?: string;
                        filter_suffix?: string;
                    }[];
                    /** @default [] */
                    webhooks?: {
                        events: string[];
                        filter_prefix?: string;
                        filter_suffix?: string;
                        id?: string;
                        webhook_id: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        event_bridge_enabled: boolean;
                        lambda: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        queues: {
                            broker: string;
                            connection_id: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                            id?: string;
                            topic: string;
                        }[];
                        sns: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        sqs: {
                            arn: string;
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                        }[];
                        webhooks: {
                            events: string[];
                            filter_prefix?: string;
                            filter_suffix?: string;
                            id?: string;
                            webhook_id: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_object_lock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        mode?: ("GOVERNANCE" | "COMPLIANCE") | null;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        retention_days?: number | null;
                        retention_years?: number | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_object_lock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    /** @enum {string} */
                    mode?: "GOVERNANCE" | "COMPLIANCE";
                    retention_days?: number;
                    retention_years?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        enabled: boolean;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        mode?: ("GOVERNANCE" | "COMPLIANCE") | null;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        retention_days?: number | null;
                        retention_years?: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_objects_copy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content_type?: string;
                    dest_key: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * @default COPY
                     * @enum {string}
                     */
                    metadata_directive?: "COPY" | "REPLACE";
                    source_key: string;
                    source_version_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        etag: string | null;
                        key: string;
                        last_modified: string | null;
                        source_key: string;
                        version_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_objects_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    keys: string[];
                    version_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: {
                            delete_marker: boolean;
                            key: string;
                            version_id: string | null;
                        }[];
                        errors: {
                            code: string | null;
                            key: string | null;
                            message: string | null;
                            version_id: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_objects_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    continuation_token?: string;
                    delimiter?: string;
                    /** @default 1000 */
                    max_keys?: number;
                    /** @default  */
                    prefix?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        common_prefixes: string[];
                        /** @description For the next page, while is_truncated */
                        continuation_token: string | null;
                        is_truncated: boolean;
                        key_count: number;
                        objects: {
                            etag: string | null;
                            key: string;
                            last_modified: string | null;
                            size: number;
                            /** @description After lifecycle transitions */
                            storage_class: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_objects_presign_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 3600 */
                    expires_in?: number;
                    key: string;
                    response_content_disposition?: string;
                    version_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        key: string;
                        size: number | null;
                        url: string;
                        version_id: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_objects_presign_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content_length?: number;
                    content_type?: string;
                    /** @default 3600 */
                    expires_in?: number;
                    key: string;
                    metadata?: {
                        [key: string]: string;
                    };
                    /** @enum {string} */
                    storage_class?: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at: string;
                        /** @description Headers the upload must send as they were signed */
                        headers: {
                            [key: string]: string;
                        };
                        key: string;
                        /** @constant */
                        method: "PUT";
                        upload_url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_ownership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        ownership: "BucketOwnerEnforced" | "BucketOwnerPreferred" | "ObjectWriter";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_ownership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownership: "BucketOwnerEnforced" | "BucketOwnerPreferred" | "ObjectWriter";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        ownership: "BucketOwnerEnforced" | "BucketOwnerPreferred" | "ObjectWriter";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        enforced: "server";
                        /** @description null when the bucket has no policy of its own */
                        policy_json: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    policy_json: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        enforced: "server";
                        /** @description null when the bucket has no policy of its own */
                        policy_json: {
                            [key: string]: unknown;
                        } | null;
                        warnings: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_policy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_policy_validate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    policy_json: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: string[];
                        valid: boolean;
                        warnings: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_public_access_block: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        block_public_acls: boolean;
                        block_public_policy: boolean;
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        ignore_public_acls: boolean;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        restrict_public_buckets: boolean;
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_public_access_block: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    block_public_acls: boolean;
                    block_public_policy: boolean;
                    ignore_public_acls: boolean;
                    restrict_public_buckets: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        block_public_acls: boolean;
                        block_public_policy: boolean;
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        ignore_public_acls: boolean;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        restrict_public_buckets: boolean;
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_regenerate_keys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 7 */
                    grace_period_days?: number;
                    label?: string;
                    /** @default false */
                    revoke_old_immediately?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        new_credentials: {
                            access_key_id: string;
                            label: string;
                            /** @description Shown only in this answer */
                            secret_access_key: string;
                        };
                        /** @description When the previous keys stop working (null when there were none) */
                        old_key_expires_at: string | null;
                        old_keys: string[];
                        revoked_immediately: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_replication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        role?: string;
                        rules: {
                            /** @enum {string} */
                            delete_marker_replication?: "Enabled" | "Disabled";
                            destination?: {
                                bucket: string;
                                storage_class?: string;
                            };
                            id: string;
                            prefix?: string;
                            priority: number;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                        }[];
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_replication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role?: string;
                    rules: {
                        /** @enum {string} */
                        delete_marker_replication?: "Enabled" | "Disabled";
                        destination?: {
                            bucket: string;
                            /** @enum {string} */
                            storage_class?: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                        };
                        id: string;
                        prefix?: string;
                        priority: number;
                        /** @enum {string} */
                        status: "Enabled" | "Disabled";
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        role?: string;
                        rules: {
                            /** @enum {string} */
                            delete_marker_replication?: "Enabled" | "Disabled";
                            destination?: {
                                bucket: string;
                                storage_class?: string;
                            };
                            id: string;
                            prefix?: string;
                            priority: number;
                            /** @enum {string} */
                            status: "Enabled" | "Disabled";
                        }[];
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_replication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_replication_status: {
        parameters: {
            query?: {
                key?: string;
            };
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        objects: {
                            destination_bucket: string | null;
                            /** @description Why it FAILED or was SKIPPED */
                            error?: string;
                            key: string;
                            /** @enum {string} */
                            op: "put" | "delete";
                            rule_id: string;
                            /** @enum {string} */
                            status: "PENDING" | "COMPLETED" | "FAILED" | "SKIPPED";
                            /** Format: date-time */
                            updated_at: string;
                            version_id: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_request_payment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        payer: "BucketOwner" | "Requester";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_request_payment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    payer: "BucketOwner" | "Requester";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /** @enum {string} */
                        payer: "BucketOwner" | "Requester";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_tags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        tags: {
                            key: string;
                            value: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_tags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tags: {
                        key: string;
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        tags: {
                            key: string;
                            value: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_tags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_upgrade: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    default_storage_class?: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                    quota_gb?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        display_name: string;
                        id: string;
                        previous: {
                            quota_gb: number;
                            storage_class: string;
                        };
                        quota_gb: number;
                        region: string;
                        /** @description What raising the deposit took from the wallet */
                        reservation_charged_usd: number;
                        reservation_held_usd: number;
                        /** @description `active`; `deleting` while a delete runs */
                        status: string;
                        /** @description The default storage class of new objects */
                        storage_class: string;
                        /** @description As last measured on the server */
                        used_bytes: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_usage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @description Keyed by storage class (lifecycle transitions included) */
                        by_storage_class: {
                            [key: string]: {
                                bytes: number;
                                objects: number;
                            };
                        };
                        /** Format: date-time */
                        last_updated: string;
                        quota_gb: number;
                        total_bytes: number;
                        total_gb: number;
                        total_objects: number;
                        usage_percent: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_versioning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Whether versioning was ever on (objects may have versions) */
                        ever_enabled?: boolean;
                        /** @enum {string} */
                        mfa_delete?: "Enabled" | "Disabled";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /**
                         * @description The server's state (a bucket never versioned is Suspended)
                         * @enum {string}
                         */
                        status: "Enabled" | "Suspended";
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_versioning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mfa_delete?: "Enabled" | "Disabled";
                    /** @enum {string} */
                    status: "Enabled" | "Suspended";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Whether versioning was ever on (objects may have versions) */
                        ever_enabled?: boolean;
                        /** @enum {string} */
                        mfa_delete?: "Enabled" | "Disabled";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        /**
                         * @description The server's state (a bucket never versioned is Suspended)
                         * @enum {string}
                         */
                        status: "Enabled" | "Suspended";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_versions: {
        parameters: {
            query?: {
                key_marker?: string;
                max_keys?: number;
                prefix?: string;
                version_id_marker?: string;
            };
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delete_markers: {
                            is_latest: boolean;
                            key: string;
                            last_modified: string | null;
                            version_id: string;
                        }[];
                        is_truncated: boolean;
                        next_key_marker: string | null;
                        next_version_id_marker: string | null;
                        versions: {
                            etag: string | null;
                            is_latest: boolean;
                            key: string;
                            last_modified: string | null;
                            size: number;
                            /** @description `null` (the string) for an object written before versioning */
                            version_id: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_versions_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    version_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        key: string;
                        /** @constant */
                        permanent: true;
                        version_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buckets_bucket_id_versions_restore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    key: string;
                    version_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        etag: string | null;
                        key: string;
                        new_version_id: string | null;
                        restored_version_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_buckets_bucket_id_website: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        error_document?: string;
                        index_document?: string;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        redirect_all_requests_to?: {
                            host_name: string;
                            /** @enum {string} */
                            protocol?: "http" | "https";
                        };
                        routing_rules: {
                            condition?: {
                                key_prefix_equals: string;
                            };
                            redirect: {
                                host_name?: string;
                                http_redirect_code?: string;
                                replace_key_prefix_with?: string;
                            };
                        }[];
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    put_v1_storage_s3_buckets_bucket_id_website: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    error_document?: string;
                    index_document?: string;
                    redirect_all_requests_to?: {
                        host_name: string;
                        /** @enum {string} */
                        protocol?: "http" | "https";
                    };
                    /** @default [] */
                    routing_rules?: {
                        condition?: {
                            key_prefix_equals: string;
                        };
                        redirect: {
                            host_name?: string;
                            http_redirect_code?: string;
                            replace_key_prefix_with?: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        error_document?: string;
                        index_document?: string;
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        redirect_all_requests_to?: {
                            host_name: string;
                            /** @enum {string} */
                            protocol?: "http" | "https";
                        };
                        routing_rules: {
                            condition?: {
                                key_prefix_equals: string;
                            };
                            redirect: {
                                host_name?: string;
                                http_redirect_code?: string;
                                replace_key_prefix_with?: string;
                            };
                        }[];
                    } | {
                        bucket_id: string;
                        /** @enum {string} */
                        enforced: "server" | "atelier" | "recorded" | "not_available";
                        /** @description Why the setting has no effect here (only when `not_available`) */
                        note?: string;
                        value: null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_storage_s3_buckets_bucket_id_website: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bucket_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bucket_id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_buy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default wallet
                     * @enum {string}
                     */
                    billing_mode?: "wallet" | "invoice_monthly";
                    /** @default true */
                    block_public_access?: boolean;
                    /**
                     * @default STANDARD
                     * @enum {string}
                     */
                    default_storage_class?: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                    description?: string;
                    display_name: string;
                    encryption_kms_key_id?: string;
                    /**
                     * @default SSE-S3
                     * @enum {string}
                     */
                    encryption_type?: "SSE-S3" | "aws:kms";
                    /** @default false */
                    mfa_delete_enabled?: boolean;
                    quota_gb: number;
                    /** @default eu-central-1 */
                    region?: string;
                    /** @default {} */
                    tags?: {
                        [key: string]: string;
                    };
                    /** @default false */
                    versioning_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_key_id: string;
                        /** @enum {string} */
                        billing_mode: "wallet" | "invoice_monthly";
                        bucket: {
                            aws_bucket_name: string;
                            display_name: string;
                            id: string;
                            region: string;
                            status: string;
                        };
                        /** @description The S3 endpoint the key works against */
                        endpoint: string;
                        example_aws_cli: string;
                        example_boto3: string;
                        region: string;
                        /** @description The deposit held from the wallet (0 for invoice_monthly) */
                        reservation_usd: number;
                        s3_uri: string;
                        /** @description Shown only in this answer */
                        secret_access_key: string;
                        /** @description The region S3 clients sign requests for */
                        signing_region: string;
                        warning: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_storage_s3_estimate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 0 */
                    egress_gb?: number;
                    /** @default 0 */
                    get_requests?: number;
                    /** @default 30 */
                    period_days?: number;
                    /** @default 0 */
                    put_requests?: number;
                    /** @default eu-central-1 */
                    region?: string;
                    /** @default 0 */
                    retrieval_gb?: number;
                    /** @enum {string} */
                    storage_class: "STANDARD" | "STANDARD_IA" | "ONEZONE_IA" | "INTELLIGENT_TIERING" | "GLACIER_IR" | "GLACIER" | "DEEP_ARCHIVE";
                    storage_gb: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        flat_fee_pln: number;
                        line_items: {
                            amount_pln: number;
                            amount_usd: number;
                            label: string;
                            quantity: number;
                            unit: string;
                            unit_price_pln: number;
                            unit_price_usd: number;
                        }[];
                        period_days: number;
                        region: string;
                        storage_class: string;
                        subtotal_pln: number;
                        subtotal_usd: number;
                        /** @description With the flat fee */
                        total_pln: number;
                        /** @description Without the flat fee */
                        total_usd: number;
                        usd_pln_rate: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_pricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing_modes: ("wallet" | "invoice_monthly")[];
                        /** @constant */
                        currency: "USD";
                        data_transfer: {
                            egress_per_gb_usd: number;
                            ingress_per_gb_usd: number;
                        };
                        flat_fee_pln: number;
                        /** @description Buckets allowed per plan name */
                        plan_bucket_limits: {
                            [key: string]: number;
                        };
                        requests: {
                            get_select_per_1000_usd: number;
                            put_copy_post_list_per_1000_usd: number;
                        };
                        reservation: {
                            days_of_full_quota: number;
                            ledger_label: string;
                            minimum_usd: number;
                        };
                        storage_classes: {
                            minimum_storage_days: number;
                            price_per_gb_month_usd: number;
                            retrieval_per_gb_usd: number;
                            storage_class: string;
                        }[];
                        usd_pln_rate: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_storage_s3_regions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether buckets can be created there in this deployment */
                        available: boolean;
                        city: string | null;
                        continent: ("Europe" | "North America" | "Asia Pacific" | "South America") | null;
                        country_code: string | null;
                        display_name: string;
                        gdpr_compliant: boolean;
                        region: string;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_story_story_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                story_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        characters: {
                            age: string | null;
                            consistency_embedding: number[];
                            description: string;
                            gender: string | null;
                            id: string;
                            name: string;
                            reference_url: string | null;
                            role: string;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        }[];
                        concept: {
                            characters_needed: {
                                description: string;
                                /** @enum {string} */
                                role: "protagonist" | "antagonist" | "supporting";
                            }[];
                            scenes: {
                                description: string;
                                duration: number;
                                index: number;
                                mood: string;
                                narration_text: string;
                                title: string;
                            }[];
                            setting: string;
                            synopsis: string;
                            title: string;
                            tone: string;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        final: {
                            duration: number;
                            file_size_mb: number;
                            format: string;
                            height: number;
                            metadata: {
                                has_subtitles: boolean;
                                music_style: string;
                                scenes_count: number;
                                total_generation_time_ms: number;
                                transition: string;
                            };
                            resolution: string;
                            thumbnail_url: string | null;
                            video_url: string | null;
                            width: number;
                        } | null;
                        frames: {
                            camera_direction: string;
                            composition_notes: string;
                            description: string;
                            frame_url: string | null;
                            scene_index: number;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        }[];
                        /** @description style, num_scenes, duration, language, seed, aspect_ratio and the render options given */
                        params: {
                            [key: string]: unknown;
                        };
                        prompt: string;
                        /** @enum {string} */
                        status: "active" | "expired" | "failed";
                        steps_completed: string[];
                        story_id: string;
                        video_status: {
                            completed: number;
                            failed: number;
                            pending: number;
                            refused: number;
                            total: number;
                        };
                        videos: {
                            duration: number;
                            error?: string;
                            model_requested: string;
                            model_used: string;
                            scene_index: number;
                            /** @enum {string} */
                            status: "pending" | "rendered" | "failed" | "refused";
                            /** @description Set once the scene is rendered */
                            video_url: string | null;
                        }[];
                        voiceover: {
                            full_audio_url: string | null;
                            language: string;
                            segments: {
                                audio_url: string | null;
                                duration: number;
                                end_time: number;
                                scene_index: number;
                                start_time: number;
                                text: string;
                            }[];
                            speed: number;
                            total_duration: number;
                            voice: string;
                        } | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_story_story_id_events: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                story_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The story's events after Last-Event-ID (or ?since), then live. Server-sent events, each frame `id: <n>`, `event: <name>` and `data: <JSON>`: `step_start` {step (1 to 6), name, message}; `step_progress` {step, progress (0 to 100), message}; `step_complete` {step, name, result}; `billing` {refunded_usd, scenes_rendered, scenes_requested}; `complete` {story_id, video_url, thumbnail_url, credits_used, duration, scenes[], characters[], metadata} or `error` {step, code, message, retry}, after which the stream ends. Step names: concept, characters, frames, videos, voiceover, final. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_story_credits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Included credits left plus what the wallet buys */
                        available_credits: number;
                        included_credits: number;
                        /** @description Credits per call */
                        prices: {
                            characters: number;
                            concept: number;
                            final: number;
                            frames: number;
                            generate: number;
                            /** @description Polling is free */
                            poll_videos: number;
                            regenerate_character: number;
                            regenerate_frame: number;
                            /** @description Scene renders are priced per model and second */
                            videos: string;
                            voiceover: number;
                        };
                        remaining_credits: number;
                        usd_per_credit: number;
                        used_credits: number;
                        wallet_balance_usd: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_generate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    add_subtitles?: boolean;
                    /**
                     * @default 16:9
                     * @enum {string}
                     */
                    aspect_ratio?: "16:9" | "9:16" | "1:1";
                    /** @default true */
                    character_consistency?: boolean;
                    /** @default 60 */
                    duration?: number;
                    duration_per_scene?: number;
                    /** @default 24 */
                    fps?: 24 | 30;
                    /**
                     * @default en
                     * @enum {string}
                     */
                    language?: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "ja" | "ko" | "zh";
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    motion_intensity?: "low" | "medium" | "high";
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    music_style?: "epic" | "ambient" | "upbeat" | "dramatic" | "none" | "auto";
                    /** @default 0.3 */
                    music_volume?: number;
                    /** @default 4 */
                    num_scenes?: number;
                    /**
                     * @default mp4
                     * @enum {string}
                     */
                    output_format?: "mp4" | "webm";
                    prompt: string;
                    /**
                     * @default 1080p
                     * @enum {string}
                     */
                    resolution?: "720p" | "1080p" | "4k";
                    seed?: number;
                    /** @default 1 */
                    speed?: number;
                    /**
                     * @default cinematic
                     * @enum {string}
                     */
                    style?: "cinematic" | "anime" | "cartoon" | "documentary" | "fantasy" | "scifi";
                    /**
                     * @default minimal
                     * @enum {string}
                     */
                    subtitle_style?: "minimal" | "bold" | "karaoke" | "cinematic";
                    /**
                     * @default crossfade
                     * @enum {string}
                     */
                    transition?: "crossfade" | "cut" | "fade-black" | "dissolve" | "wipe";
                    /** @default 0.5 */
                    transition_duration?: number;
                    /** @default seedance-1-pro */
                    video_model?: string;
                    /**
                     * @default narrator-male-1
                     * @enum {string}
                     */
                    voice?: "narrator-male-1" | "narrator-male-2" | "narrator-female-1" | "narrator-female-2" | "narrator-dramatic" | "narrator-documentary";
                };
            };
        };
        responses: {
            /** @description Server-sent events, each frame `id: <n>`, `event: <name>` and `data: <JSON>`: `step_start` {step (1 to 6), name, message}; `step_progress` {step, progress (0 to 100), message}; `step_complete` {step, name, result}; `billing` {refunded_usd, scenes_rendered, scenes_requested}; `complete` {story_id, video_url, thumbnail_url, credits_used, duration, scenes[], characters[], metadata} or `error` {step, code, message, retry}, after which the stream ends. Step names: concept, characters, frames, videos, voiceover, final. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_regenerate_character: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    character_id: string;
                    description?: string;
                    story_id: string;
                    style_hints?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        character: {
                            age: string | null;
                            consistency_embedding: number[];
                            description: string;
                            gender: string | null;
                            id: string;
                            name: string;
                            reference_url: string | null;
                            role: string;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        };
                        credits_used: number;
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_regenerate_frame: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    camera_direction?: "push-in" | "pull-out" | "pan-left" | "pan-right" | "tilt-up" | "tilt-down" | "static" | "orbit";
                    description?: string;
                    scene_index: number;
                    story_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        credits_used: number;
                        frame: {
                            camera_direction: string;
                            composition_notes: string;
                            description: string;
                            frame_url: string | null;
                            scene_index: number;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        };
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_characters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    characters?: {
                        /** @enum {string} */
                        age?: "child" | "teen" | "young-adult" | "adult" | "elderly";
                        description: string;
                        /** @enum {string} */
                        gender?: "male" | "female" | "non-binary";
                        name?: string;
                        /** @enum {string} */
                        role: "protagonist" | "antagonist" | "supporting";
                    }[];
                    story_id: string;
                    /** @enum {string} */
                    style?: "cinematic" | "anime" | "cartoon" | "documentary" | "fantasy" | "scifi";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        characters: {
                            age: string | null;
                            consistency_embedding: number[];
                            description: string;
                            gender: string | null;
                            id: string;
                            name: string;
                            reference_url: string | null;
                            role: string;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        }[];
                        credits_used: number;
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_concept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default 16:9
                     * @enum {string}
                     */
                    aspect_ratio?: "16:9" | "9:16" | "1:1";
                    /** @default 60 */
                    duration?: number;
                    /**
                     * @default en
                     * @enum {string}
                     */
                    language?: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "ja" | "ko" | "zh";
                    /** @default 4 */
                    num_scenes?: number;
                    prompt: string;
                    seed?: number;
                    /**
                     * @default cinematic
                     * @enum {string}
                     */
                    style?: "cinematic" | "anime" | "cartoon" | "documentary" | "fantasy" | "scifi";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        concept: {
                            characters_needed: {
                                description: string;
                                /** @enum {string} */
                                role: "protagonist" | "antagonist" | "supporting";
                            }[];
                            scenes: {
                                description: string;
                                duration: number;
                                index: number;
                                mood: string;
                                narration_text: string;
                                title: string;
                            }[];
                            setting: string;
                            synopsis: string;
                            title: string;
                            tone: string;
                        };
                        credits_used: number;
                        /** Format: date-time */
                        expires_at: string;
                        seed: number;
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_final: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    add_subtitles?: boolean;
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    music_style?: "epic" | "ambient" | "upbeat" | "dramatic" | "none" | "auto";
                    /** @default 0.3 */
                    music_volume?: number;
                    /**
                     * @default mp4
                     * @enum {string}
                     */
                    output_format?: "mp4" | "webm";
                    /**
                     * @default 1080p
                     * @enum {string}
                     */
                    output_quality?: "720p" | "1080p" | "4k";
                    story_id: string;
                    /**
                     * @default minimal
                     * @enum {string}
                     */
                    subtitle_style?: "minimal" | "bold" | "karaoke" | "cinematic";
                    /**
                     * @default crossfade
                     * @enum {string}
                     */
                    transition?: "crossfade" | "cut" | "fade-black" | "dissolve" | "wipe";
                    /** @default 0.5 */
                    transition_duration?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        credits_used: number;
                        final: {
                            duration: number;
                            file_size_mb: number;
                            format: string;
                            height: number;
                            metadata: {
                                has_subtitles: boolean;
                                music_style: string;
                                scenes_count: number;
                                total_generation_time_ms: number;
                                transition: string;
                            };
                            resolution: string;
                            thumbnail_url: string | null;
                            video_url: string | null;
                            width: number;
                        } | null;
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_frames: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default 1080p
                     * @enum {string}
                     */
                    resolution?: "720p" | "1080p" | "4k";
                    /** @default [] */
                    scene_overrides?: {
                        description: string;
                        index: number;
                    }[];
                    story_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        credits_used: number;
                        frames: {
                            camera_direction: string;
                            composition_notes: string;
                            description: string;
                            frame_url: string | null;
                            scene_index: number;
                            /** @description Goes up by one on each regeneration */
                            version: number;
                        }[];
                        resolution: string | null;
                        story_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_poll_videos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    story_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        completed: number;
                        /** @constant */
                        credits_used: 0;
                        failed: number;
                        pending: number;
                        refused: number;
                        /** @enum {string} */
                        status: "not_started" | "rendering" | "completed";
                        story_id: string;
                        total: number;
                        videos: {
                            duration: number;
                            error?: string;
                            model_requested: string;
                            model_used: string;
                            scene_index: number;
                            /** @enum {string} */
                            status: "pending" | "rendered" | "failed" | "refused";
                            /** @description Set once the scene is rendered */
                            video_url: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_videos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    duration_per_scene?: number;
                    /** @default 24 */
                    fps?: 24 | 30;
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    motion_intensity?: "low" | "medium" | "high";
                    scene_indices?: number[];
                    story_id: string;
                    /** @default seedance-1-pro */
                    video_model?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        completed: number;
                        /** @description What the scene renders cost at the provider rate */
                        cost_usd: number;
                        credits_used: number;
                        failed: number;
                        /** @description The model that renders (a retired model renders on the default one) */
                        model_used?: string;
                        pending: number;
                        /** @description Scenes not submitted, and why (refunded) */
                        refused: {
                            reason: string;
                            scene_index: number;
                        }[];
                        story_id: string;
                        total: number;
                        /** @description The model asked for (absent when no scene was submitted) */
                        video_model?: string;
                        videos: {
                            duration: number;
                            error?: string;
                            model_requested: string;
                            model_used: string;
                            scene_index: number;
                            /** @enum {string} */
                            status: "pending" | "rendered" | "failed" | "refused";
                            /** @description Set once the scene is rendered */
                            video_url: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_story_step_voiceover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default en
                     * @enum {string}
                     */
                    language?: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "ja" | "ko" | "zh";
                    /** @default [] */
                    narration_overrides?: {
                        scene_index: number;
                        text: string;
                    }[];
                    /** @default 1 */
                    speed?: number;
                    story_id: string;
                    /**
                     * @default narrator-male-1
                     * @enum {string}
                     */
                    voice?: "narrator-male-1" | "narrator-male-2" | "narrator-female-1" | "narrator-female-2" | "narrator-dramatic" | "narrator-documentary";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            pln_charged: number;
                            usd_charged: number;
                        };
                        credits_used: number;
                        story_id: string;
                        voiceover: {
                            full_audio_url: string | null;
                            language: string;
                            segments: {
                                audio_url: string | null;
                                duration: number;
                                end_time: number;
                                scene_index: number;
                                start_time: number;
                                text: string;
                            }[];
                            speed: number;
                            total_duration: number;
                            voice: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_story_video_models: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        default: string;
                        models: {
                            available: boolean;
                            /** @description The lengths it renders; a requested duration snaps down to one of them */
                            durations: number[];
                            family: string;
                            id: string;
                            max_seconds: number;
                            /** @description A retired model renders on this one */
                            renders_on?: string;
                            retired: boolean;
                            usd_per_second: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_system_ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default ping */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        result: {
                            /** @description The Postgres database the activity queried */
                            database: string;
                            /** @description When the workflow answered (ISO 8601) */
                            echoedAt: string;
                            message: string;
                        };
                        round_trip_ms: number;
                        workflow_id: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_tiers_catalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        billing_model: "prepaid_wallet_usd";
                        /** @constant */
                        currency: "USD";
                        current_tier: string | null;
                        /** @description Retired API subscriptions, listed for earlier holders */
                        subscriptions: {
                            /** @constant */
                            legacy: true;
                            limits: {
                                /** @description Reported only */
                                burst_4h: number | null;
                                concurrent_jobs: number;
                                /** @description Reported only */
                                daily_quota: number | null;
                                max_upload_mb: number;
                                /** @description Requests per minute: the one limit enforced */
                                rpm: number;
                            };
                            name: string;
                            /** @constant */
                            purchasable: false;
                            /** Format: date */
                            retired_at: string;
                            tier: string;
                        }[];
                        tiers: {
                            /** @constant */
                            billing_model: "prepaid_wallet_usd";
                            /** @constant */
                            currency: "USD";
                            limits: {
                                /** @description Reported only */
                                burst_4h: number | null;
                                concurrent_jobs: number;
                                /** @description Reported only */
                                daily_quota: number | null;
                                max_upload_mb: number;
                                /** @description Requests per minute: the one limit enforced */
                                rpm: number;
                            };
                            name: string;
                            /** @constant */
                            purchasable: false;
                            /** @constant */
                            subscriptions_retired: true;
                            tier: string;
                            /** @description Either threshold unlocks the tier */
                            unlock: {
                                balance_usd: number;
                                lifetime_spend_usd: number;
                            } | null;
                            /** @enum {string} */
                            upgrade_path: "contact_sales" | "wallet_topup";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_tiers_compare: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        billing_model: "prepaid_wallet_usd";
                        /** @constant */
                        currency: "USD";
                        current_tier: string | null;
                        tiers: {
                            /** @constant */
                            billing_model: "prepaid_wallet_usd";
                            /** @constant */
                            currency: "USD";
                            limits: {
                                /** @description Reported only */
                                burst_4h: number | null;
                                concurrent_jobs: number;
                                /** @description Reported only */
                                daily_quota: number | null;
                                max_upload_mb: number;
                                /** @description Requests per minute: the one limit enforced */
                                rpm: number;
                            };
                            name: string;
                            /** @constant */
                            purchasable: false;
                            /** @constant */
                            subscriptions_retired: true;
                            tier: string;
                            /** @description Either threshold unlocks the tier */
                            unlock: {
                                balance_usd: number;
                                lifetime_spend_usd: number;
                            } | null;
                            /** @enum {string} */
                            upgrade_path: "contact_sales" | "wallet_topup";
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_tiers_current: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            /** @description Reported only */
                            burst_4h: number | null;
                            concurrent_jobs: number;
                            /** @description Reported only */
                            daily_quota: number | null;
                            max_upload_mb: number;
                            /** @description Requests per minute: the one limit enforced */
                            rpm: number;
                        };
                        name: string;
                        tier: string;
                        wallet: {
                            balance_usd: number;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_tiers_enterprise_apply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    company_name?: string;
                    /** Format: email */
                    contact_email?: string;
                    details?: {
                        [key: string]: unknown;
                    };
                    expected_monthly_spend_usd?: number;
                    use_case?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company_name: string;
                        contact_email: string | null;
                        /** Format: date-time */
                        created_at: string;
                        expected_monthly_spend_usd: number | null;
                        id: string;
                        /** @constant */
                        object: "enterprise_application";
                        status: string;
                        /** @constant */
                        tier: "sub-enterprise";
                        use_case: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_tiers_subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_tiers_wallet_topup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount_usd?: number;
                    package?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount_usd: number;
                        balance_usd: number;
                        bonus_percent: number;
                        bonus_usd: number;
                        /** @constant */
                        currency: "USD";
                        gateway: string;
                        /** @description The payment's id at the gateway */
                        id: string;
                        /** @constant */
                        object: "wallet_topup";
                        package: string | null;
                        /** @constant */
                        status: "succeeded";
                        total_credited_usd: number;
                        /** @description The ledger entries written (txn_…): the top-up and its bonus */
                        transactions: string[];
                    } | {
                        amount_usd: number;
                        bonus_percent: number;
                        bonus_usd: number;
                        /** @description Stripe's Checkout page to pay on; null while a payment is processing */
                        checkout_url: string | null;
                        /** @constant */
                        currency: "USD";
                        /** @description When the Checkout page expires */
                        expires_at: string | null;
                        gateway: string;
                        /** @description The Checkout session (cs_…), or the PaymentIntent (pi_…) of a payment still processing */
                        id: string;
                        /** @constant */
                        object: "wallet_topup";
                        package: string | null;
                        /** @constant */
                        status: "pending";
                        /** @description What the wallet will receive once Stripe confirms the payment */
                        total_credited_usd: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
        };
    };
    get_v1_voice_agents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents: {
                            /** Format: date-time */
                            created_at: string;
                            greeting: string | null;
                            id: string;
                            instructions: string;
                            is_active: boolean;
                            language: string;
                            metadata: {
                                [key: string]: unknown;
                            };
                            model: string;
                            name: string;
                            temperature: number | null;
                            tools: {
                                description: string;
                                name: string;
                                /** @description JSON Schema of the arguments */
                                parameters: {
                                    [key: string]: unknown;
                                };
                            }[];
                            /** Format: date-time */
                            updated_at: string;
                            voice: string;
                        }[];
                        count: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_voice_agents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        greeting: string | null;
                        id: string;
                        instructions: string;
                        is_active: boolean;
                        language: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        model: string;
                        name: string;
                        temperature: number | null;
                        tools: {
                            description: string;
                            name: string;
                            /** @description JSON Schema of the arguments */
                            parameters: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** Format: date-time */
                        updated_at: string;
                        voice: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_v1_voice_agents_agent_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        greeting: string | null;
                        id: string;
                        instructions: string;
                        is_active: boolean;
                        language: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        model: string;
                        name: string;
                        temperature: number | null;
                        tools: {
                            description: string;
                            name: string;
                            /** @description JSON Schema of the arguments */
                            parameters: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** Format: date-time */
                        updated_at: string;
                        voice: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    delete_v1_voice_agents_agent_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        id: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    patch_v1_voice_agents_agent_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        greeting: string | null;
                        id: string;
                        instructions: string;
                        is_active: boolean;
                        language: string;
                        metadata: {
                            [key: string]: unknown;
                        };
                        model: string;
                        name: string;
                        temperature: number | null;
                        tools: {
                            description: string;
                            name: string;
                            /** @description JSON Schema of the arguments */
                            parameters: {
                                [key: string]: unknown;
                            };
                        }[];
                        /** Format: date-time */
                        updated_at: string;
                        voice: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_voice_agents_agent_id_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string | null;
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            /** @description Legacy mirror of usd_charged */
                            pln_charged: number;
                            usd_charged: number;
                        };
                        /** @description Short-lived; opens one realtime connection */
                        client_secret: string;
                        credits_used: number;
                        /** @description Unix seconds */
                        expires_at: number | null;
                        model: string;
                        session: {
                            greeting: string | null;
                            instructions: string;
                            language: string;
                            temperature: number | null;
                            tools: {
                                description: string;
                                name: string;
                                /** @description JSON Schema of the arguments */
                                parameters: {
                                    [key: string]: unknown;
                                };
                            }[];
                            voice: string;
                        };
                        /** @description WebSocket subprotocols that carry the secret (for browsers, which cannot set headers) */
                        subprotocols: string[];
                        websocket_url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
            503: components["responses"]["BadRequest"];
        };
    };
    post_v1_voice_sessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent_id: string | null;
                        billing: {
                            /** @enum {string} */
                            method: "credits" | "wallet";
                            /** @description Legacy mirror of usd_charged */
                            pln_charged: number;
                            usd_charged: number;
                        };
                        /** @description Short-lived; opens one realtime connection */
                        client_secret: string;
                        credits_used: number;
                        /** @description Unix seconds */
                        expires_at: number | null;
                        model: string;
                        session: {
                            greeting: string | null;
                            instructions: string;
                            language: string;
                            temperature: number | null;
                            tools: {
                                description: string;
                                name: string;
                                /** @description JSON Schema of the arguments */
                                parameters: {
                                    [key: string]: unknown;
                                };
                            }[];
                            voice: string;
                        };
                        /** @description WebSocket subprotocols that carry the secret (for browsers, which cannot set headers) */
                        subprotocols: string[];
                        websocket_url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadRequest"];
            503: components["responses"]["BadRequest"];
        };
    };
    get_v1_voice_voices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        voices: {
                            id: string;
                            /** @constant */
                            language: "multilingual";
                            name: string;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    post_v1_webhooks_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: ("generation.completed" | "generation.failed" | "credits.low" | "credits.depleted" | "billing.charged" | "key.used" | "images.batch.completed" | "background.removed" | "background.replaced" | "background.blurred" | "shadow.added" | "commerce.job.completed" | "commerce.job.failed" | "commerce.item.completed" | "commerce.job.awaiting_credits")[];
                    secret?: unknown;
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        events: string[];
                        headers: {
                            [key: string]: string;
                        };
                        id: string;
                        name: string;
                        /** @constant */
                        object: "webhook";
                        /** @description The signing secret, shown once */
                        secret: string;
                        /** Format: date-time */
                        updated_at: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    get_voice_demo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The demo page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    get_voice_demo_app_js: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The demo script */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": unknown;
                };
            };
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
}
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
