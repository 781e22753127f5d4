/* global document, navigator, atob, btoa, fetch, WebSocket, AudioContext */
// The voice demo page: mints a session with the pasted key (never put in a URL), opens the
// realtime WebSocket with the subprotocol array exactly as minted, and shows and plays the agent.
// Talk streams the microphone as PCM16 at 24 kHz and lets the server find the turns (server VAD).
const $ = (id) => document.getElementById(id);
let ws = null;
let current = null;
let audio = null;
let playAt = 0;
let mic = null;

function status(text) {
  $('status').textContent = text;
}

function line(kind, text) {
  const div = document.createElement('div');
  div.className = kind;
  div.textContent = text;
  $('transcript').append(div);
  return div;
}

function playPcm16(base64) {
  if (!audio) return;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const samples = new Int16Array(bytes.buffer, 0, bytes.length >> 1);
  const buffer = audio.createBuffer(1, samples.length, 24000);
  const channel = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 32768;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  source.connect(audio.destination);
  playAt = Math.max(playAt, audio.currentTime);
  source.start(playAt);
  playAt += buffer.duration;
}

function base64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function startMic() {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  if (!audio) audio = new AudioContext({ sampleRate: 24000 });
  await audio.resume();
  const source = audio.createMediaStreamSource(stream);
  // A ScriptProcessor needs no worklet module; 4096 frames are about 170 ms at 24 kHz.
  const node = audio.createScriptProcessor(4096, 1, 1);
  node.onaudioprocess = (e) => {
    const input = e.inputBuffer.getChannelData(0);
    const pcm = new Int16Array(input.length);
    for (let i = 0; i < input.length; i++) pcm[i] = Math.max(-1, Math.min(1, input[i])) * 0x7fff;
    send({ type: 'input_audio_buffer.append', audio: base64(new Uint8Array(pcm.buffer)) });
  };
  source.connect(node);
  node.connect(audio.destination);
  mic = { stream, source, node };
  send({ type: 'session.update', session: { audio: { input: { turn_detection: { type: 'server_vad' } } } } });
  $('mic').textContent = 'Stop talking';
  status('Listening: speak, then pause.');
}

function stopMic() {
  if (!mic) return;
  mic.node.disconnect();
  mic.source.disconnect();
  for (const track of mic.stream.getTracks()) track.stop();
  mic = null;
  send({ type: 'session.update', session: { audio: { input: { turn_detection: null } } } });
  $('mic').textContent = 'Talk';
}

function send(event) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(event));
}

function setConnected(on) {
  $('connect').disabled = on;
  $('hangup').disabled = !on;
  $('message').disabled = !on;
  $('send').disabled = !on;
  $('mic').disabled = !on;
  if (!on) stopMic();
}

async function mint() {
  const key = $('api-key').value.trim();
  const agentId = $('agent-id').value.trim();
  const path = agentId ? `/v1/voice/agents/${encodeURIComponent(agentId)}/sessions` : '/v1/voice/sessions';
  const body = agentId ? undefined : JSON.stringify({ instructions: $('instructions').value, greeting: $('greeting').value || null, language: 'en' });
  const res = await fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 201) throw new Error(typeof json.detail === 'string' ? json.detail : `HTTP ${res.status}`);
  return json;
}

function onEvent(event) {
  switch (event.type) {
    case 'session.created':
      status(`Connected (${event.session.model}, voice ${event.session.voice ?? event.session.audio?.output?.voice}).`);
      break;
    case 'response.output_item.added':
      if (event.item.type === 'message') current = line('agent', '');
      break;
    case 'response.output_text.delta':
      if (current) current.textContent += event.delta;
      break;
    case 'response.output_audio_transcript.delta':
      // Audio-only responses carry their words here.
      if (current && current.dataset.text !== 'yes') current.dataset.transcript = (current.dataset.transcript ?? '') + event.delta;
      break;
    case 'response.content_part.added':
      if (current && event.part.type === 'output_text') current.dataset.text = 'yes';
      break;
    case 'response.output_audio.delta':
      playPcm16(event.delta);
      break;
    case 'response.output_item.done':
      if (event.item.type === 'message' && current && !current.textContent) current.textContent = current.dataset.transcript ?? '';
      if (event.item.type === 'function_call') {
        line('tool', `tool call: ${event.item.name}(${event.item.arguments})`);
        // The demo has no tool implementations: it answers every call with a placeholder.
        send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: event.item.call_id, output: JSON.stringify({ result: 'not available in the demo' }) } });
        send({ type: 'response.create' });
      }
      break;
    case 'response.done':
      // A response cut short before it said anything (the user spoke over it) leaves no empty line.
      if (current && !current.textContent && event.response.status !== 'completed') current.remove();
      current = null;
      break;
    case 'input_audio_buffer.speech_started':
      status('Hearing you…');
      break;
    case 'conversation.item.input_audio_transcription.completed':
      line('user', event.transcript || '(no words heard)');
      if (mic) status('Listening: speak, then pause.');
      break;
    case 'conversation.item.input_audio_transcription.failed':
      line('error', `not heard: ${event.error.message}`);
      break;
    case 'error':
      line('error', `error: ${event.error.message}`);
      break;
    default:
      break;
  }
}

$('connect-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('connect').disabled = true;
  status('Minting a session…');
  try {
    const credential = await mint();
    try {
      audio = new AudioContext({ sampleRate: 24000 });
    } catch {
      audio = null;
    }
    status('Opening the realtime socket…');
    // The credential travels only in the subprotocol array, passed untouched.
    ws = new WebSocket(credential.websocket_url, credential.subprotocols);
    ws.addEventListener('open', () => {
      setConnected(true);
      const s = credential.session;
      send({
        type: 'session.update',
        session: { type: 'realtime', instructions: s.instructions, audio: { output: { voice: s.voice } }, tools: s.tools.map((t) => ({ type: 'function', ...t })) },
      });
      // Greet first: with no user turn yet the agent says its greeting.
      send({ type: 'response.create', response: s.greeting ? { instructions: `Greet the user with exactly: ${s.greeting}` } : {} });
    });
    ws.addEventListener('message', (m) => onEvent(JSON.parse(m.data)));
    ws.addEventListener('close', (c) => {
      setConnected(false);
      status(`Disconnected${c.reason ? `: ${c.reason}` : ''}.`);
    });
    ws.addEventListener('error', () => line('error', 'The realtime socket failed to open or broke.'));
  } catch (err) {
    status('Not connected.');
    line('error', err.message);
    $('connect').disabled = false;
  }
});

$('hangup').addEventListener('click', () => ws?.close(1000, 'hang up'));

$('say-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('message').value.trim();
  if (!text) return;
  $('message').value = '';
  line('user', text);
  send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  send({ type: 'response.create' });
});

$('mic').addEventListener('click', () => {
  if (mic) return stopMic();
  startMic().catch((err) => line('error', `microphone: ${err.message}`));
});
