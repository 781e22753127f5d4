{{- define "atelier.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "atelier.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "atelier.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "atelier.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{- define "atelier.secretName" -}}
{{- .Values.secret.existingSecret | default (printf "%s-secret" (include "atelier.fullname" .)) -}}
{{- end -}}

{{/* The settings every Atelier container loads: the ConfigMap, then the Secret. */}}
{{- define "atelier.envFrom" -}}
envFrom:
  - configMapRef:
      name: {{ include "atelier.fullname" . }}-config
  - secretRef:
      name: {{ include "atelier.secretName" . }}
{{- end -}}

{{/* Scratch space (ffmpeg work dirs, node workspaces): the image's filesystem stays read-only. */}}
{{- define "atelier.scratchVolumes" -}}
volumes:
  - name: tmp
    emptyDir: {}
  - name: data
    emptyDir: {}
{{- end -}}

{{- define "atelier.scratchMounts" -}}
volumeMounts:
  - name: tmp
    mountPath: /tmp
  - name: data
    mountPath: /data
{{- end -}}

{{- define "atelier.securityContext" -}}
securityContext:
  runAsNonRoot: true
  allowPrivilegeEscalation: false
  readOnlyRootFilesystem: true
  capabilities:
    drop: ["ALL"]
{{- end -}}

{{/*
What every Atelier pod runs as: a fixed non-root user, the runtime's default seccomp profile, and no
service-account token (Atelier never calls the Kubernetes API).
*/}}
{{- define "atelier.podSecurity" -}}
automountServiceAccountToken: false
securityContext:
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
  runAsNonRoot: true
  seccompProfile:
    type: RuntimeDefault
{{- end -}}

{{/* The Temporal setup Job runs before every install and upgrade (it reads no Secret). */}}
{{- define "atelier.preHook" -}}
helm.sh/hook: pre-install,pre-upgrade
helm.sh/hook-weight: {{ . | quote }}
helm.sh/hook-delete-policy: before-hook-creation
{{- end -}}

{{/*
ATELIER_HEAP_MB for a component (dict "c" .Values.api|worker): its heapMb when set (0 = V8's own
limit), else 60 % of its resources.limits.memory in MiB but at least 384 MiB less than the limit
(the process's native memory), else nothing (scripts/start.sh's default).
*/}}
{{- define "atelier.heapMb" -}}
{{- $set := "" -}}
{{- if and (hasKey .c "heapMb") (not (kindIs "invalid" .c.heapMb)) -}}
{{- $set = toString .c.heapMb -}}
{{- end -}}
{{- if ne $set "" -}}
{{- $set -}}
{{- else -}}
{{- $limit := toString (dig "limits" "memory" "" (.c.resources | default dict)) -}}
{{- if $limit -}}
{{- if not (regexMatch "^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$" $limit) -}}
{{- fail (printf "resources.limits.memory %q: give a number with Ki, Mi, Gi, Ti, k, M, G or T, or set heapMb" $limit) -}}
{{- end -}}
{{- $number := regexFind "^[0-9.]+" $limit | float64 -}}
{{- $unit := regexReplaceAll "^[0-9.]+" $limit "" -}}
{{- $mib := dict "" 0.00000095367431640625 "Ki" 0.0009765625 "Mi" 1.0 "Gi" 1024.0 "Ti" 1048576.0 "k" 0.00095367431640625 "M" 0.95367431640625 "G" 953.67431640625 "T" 953674.31640625 -}}
{{- $total := mulf $number (get $mib $unit) | floor | int -}}
{{- $heap := min (div (mul $total 60) 100) (sub $total 384) -}}
{{- if lt $heap 128 -}}
{{- fail (printf "resources.limits.memory %s leaves V8 %d MiB (60 %% of it, at most the limit less 384 MiB): give 512Mi or more, or set heapMb" $limit $heap) -}}
{{- end -}}
{{- $heap -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The migration Job: after install (the pods also migrate at start-up under a lock, so the first ones
need not wait for it) and before every upgrade rolls a Deployment. Not pre-install: the Secret it
reads is an ordinary resource of the release (made with it, removed by uninstall), which does not
exist yet when pre-install hooks run.
*/}}
{{- define "atelier.migrateHook" -}}
helm.sh/hook: post-install,pre-upgrade
helm.sh/hook-weight: "0"
helm.sh/hook-delete-policy: before-hook-creation
{{- end -}}

{{/* Pod annotations that roll the pods when a setting changes. Secrets are never hashed into them (a
hash of a weak secret can be tested offline): bump secret.revision after changing the Secret. */}}
{{- define "atelier.rollAnnotations" -}}
checksum/config: {{ toJson .Values.config | sha256sum }}
{{- with .Values.secret.revision }}
atelier/secret-revision: {{ . | quote }}
{{- end }}
{{- end -}}
