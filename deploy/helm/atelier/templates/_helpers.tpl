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

{{/* Config and Secret are made before the migration Job runs, on install and on every upgrade. */}}
{{- define "atelier.preHook" -}}
helm.sh/hook: pre-install,pre-upgrade
helm.sh/hook-weight: {{ . | quote }}
helm.sh/hook-delete-policy: before-hook-creation
{{- end -}}
