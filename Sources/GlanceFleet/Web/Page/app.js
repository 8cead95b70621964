'use strict';
// The page of docs/web.md. Server text goes into the page only through textContent.
const $ = (selector) => document.querySelector(selector);
const display = new URLSearchParams(location.search).get('display');
let state = null;    // the last answer of /ui/state
let version = null;  // the frame version the page shows
let slotShape = '';  // the slots' names and params, to rebuild the forms only when they change
let pollRound = 0;   // bumped to end the long poll running now
let pollStop = null;
let signedIn = false; // this page signed in, so it offers to sign out

// Every route takes ?display=NAME; the default display needs none.
function url(path, params) {
  const query = new URLSearchParams(params || {});
  if (display) query.set('display', display);
  const text = query.toString();
  return text ? path + '?' + text : path;
}

class Answer extends Error {
  constructor(status, text) { super(text); this.status = status; }
}

async function answerOf(response) {
  let body = {};
  try { body = await response.json(); } catch (_) { /* not JSON: the status says it */ }
  if (response.status === 401) showLogin();
  if (!response.ok) throw new Answer(response.status, body.error || response.status + ' ' + response.statusText);
  return body;
}

async function get(path, params, signal) {
  return answerOf(await fetch(url(path, params), { credentials: 'same-origin', signal }));
}

async function post(path, fields) {
  const response = await fetch(url(path), {
    method: 'POST', credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': state ? state.csrf : '' },
    body: new URLSearchParams(fields),
  });
  // A 403 is a stale token (the daemon restarted): the next state brings a new one.
  if (response.status === 403) loadState();
  return answerOf(response);
}

function say(text, bad) {
  const message = $('#message');
  message.textContent = text;
  message.classList.toggle('bad', !!bad);
}

// What a POST answered, in one line.
function said(answer, fallback) {
  return answer.message || answer.error || answer.result || fallback;
}

// Makes an element; strings become text, never markup.
function make(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key in node && key !== 'list') node[key] = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// "2026-11-27T21:40:00+09:00" as the wall's clock says it: "2026-11-27 21:40".
function wallTime(text) {
  return String(text || '').replace(/^(\d{4}-\d\d-\d\d)T(\d\d:\d\d).*$/, '$1 $2');
}

// A datetime-local value ("2026-11-28T00:00") as an instant with this browser's
// offset at that time ("2026-11-28T00:00:00+09:00").
function instantOf(local) {
  const withSeconds = local.length === 16 ? local + ':00' : local;
  const offset = -new Date(withSeconds).getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const pad = (n) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return withSeconds + sign + pad(offset / 60) + ':' + pad(offset % 60);
}

// A Date as a datetime-local value in this browser's zone.
function localOf(date) {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60000);
  return shifted.toISOString().slice(0, 16);
}

function showLogin() {
  stopPolling();
  $('#app').hidden = true;
  $('#login').hidden = false;
  $('#logout').hidden = true;
  $('#login-user').focus();
}

async function loadState() {
  try {
    state = await get('/ui/state');
  } catch (error) {
    if (error.status !== 401) say('Could not read the state: ' + error.message, true);
    return;
  }
  $('#login').hidden = true;
  $('#app').hidden = false;
  $('#logout').hidden = !(signedIn || state.user);
  render();
  if (pollStop === null && document.visibilityState === 'visible') startPolling();
}

function render() {
  $('#display-name').textContent = state.display ? '· ' + state.display.name : '';
  renderDisplays();
  if (state.frame && state.frame.version !== version) {
    version = state.frame.version;
    showFrame();
  }
  renderInfo();
  renderControls();
  renderSlots();
  loadPhotos();
  loadInks();
}

function renderDisplays() {
  const names = state.displays || [];
  $('#display-pick').hidden = names.length < 2;
  const select = $('#display');
  if (select.options.length === names.length) return;
  select.replaceChildren(...names.map((name) => make('option', { value: name, text: name })));
  select.value = display || (state.display && state.display.name) || 'main';
}

function showFrame() {
  const frame = $('#frame');
  if (state.display) {
    frame.width = state.display.width;
    frame.height = state.display.height;
    // At most three times the panel's size: whole screen pixels per panel pixel on a desktop.
    // (CSSOM, not a style attribute: the Content-Security-Policy allows it.)
    for (const box of document.querySelectorAll('.frame-box')) box.style.maxWidth = (state.display.width * 3 + 2) + 'px';
  }
  frame.src = url('/ui/frame.png', { look: $('#look').value, v: version });
}

function renderInfo() {
  const status = state.status || {};
  const parts = [];
  if (state.frame) parts.push('Frame ' + state.frame.version + ' at ' + wallTime(state.frame.at));
  const last = status.last_refresh;
  if (last) parts.push('last refresh ' + wallTime(last.at) + ' (' + [last.refresh, last.why].filter(Boolean).join(', ') + ')');
  if (status.next_wake) parts.push('next wake ' + wallTime(status.next_wake));
  if (status.sleep) parts.push('sleep: ' + status.sleep);
  if (status.last_intent) {
    const intent = status.last_intent;
    parts.push('last pressed: ' + intent.title + ' in ' + intent.slot + (intent.error ? ' (' + intent.error + ')' : ''));
  }
  if (status.display_failing) parts.push('the display is failing');
  $('#frame-info').textContent = parts.join(' · ');
}

function renderControls() {
  const controls = $('#controls');
  const keys = state.keys || [];
  const shown = [...controls.querySelectorAll('button[data-key]')].map((button) => button.dataset.key);
  if (shown.join('\n') !== keys.join('\n')) {
    controls.querySelectorAll('button[data-key]').forEach((button) => button.remove());
    for (const key of keys) {
      controls.append(make('button', { type: 'button', 'data-key': key, text: 'Key ' + key }));
    }
  }
  const stacks = (state.status && state.status.stacks) || [];
  $('#stacks').replaceChildren(...stacks.map((stack) => make('li', {
    text: 'Stack ' + stack.name + ' shows ' + (stack.shows || 'nothing') + (stack.why ? ' (' + stack.why + ')' : '')
      + ' of ' + (stack.members || []).join(', '),
  })));
}

// The forms are rebuilt only when the slots or their params change, so an edit in
// progress survives the frame's updates; inputs the person has not touched follow the server.
function renderSlots() {
  const slots = state.slots || [];
  const shape = JSON.stringify(slots.map((slot) => [slot.name, slot.kind, slot.family,
    (slot.params || []).map((param) => [param.name, param.type, param.choices, param.settable])]));
  if (shape !== slotShape) {
    slotShape = shape;
    $('#slots').replaceChildren(...slots.map(slotForm));
  }
  for (const slot of slots) {
    const form = [...document.querySelectorAll('form.slot')].find((each) => each.dataset.slot === slot.name);
    if (!form) continue;
    form.querySelector('.status').replaceChildren(...statusLine(slot.name));
    for (const param of slot.params || []) {
      const input = form.elements.namedItem(param.name);
      if (!input) continue;
      const server = textOf(param, param.value);
      if (readInput(input) === input.dataset.server) writeInput(input, server);
      input.dataset.server = server;
    }
  }
}

let fieldCount = 0;

function slotForm(slot) {
  const form = make('form', { className: 'slot', 'data-slot': slot.name });
  form.append(
    make('h3', { text: slot.name + ' — ' + slot.kind + ', ' + slot.family }),
    make('p', { className: 'status small' }));
  const fields = make('div', { className: 'fields' });
  for (const param of slot.params || []) {
    const id = 'field-' + (++fieldCount);
    const input = inputFor(param, id);
    const server = textOf(param, param.value);
    writeInput(input, server);
    input.dataset.server = server;
    // A file, address or headers the daemon reads: the config's, unless its settable: names it.
    if (param.settable === false) {
      input.disabled = true;
      input.title = 'set in the config file (settable: [' + param.name + '] allows it here)';
    }
    fields.append(make('label', { htmlFor: id, text: param.title || param.name }), input);
    if (input.choices) fields.append(input.choices);
  }
  form.append(fields);
  if (!(slot.params || []).length) form.append(make('p', { className: 'small', text: 'No parameters.' }));
  else form.append(make('button', { type: 'submit', className: 'save', text: 'Save ' + slot.name }));
  form.addEventListener('submit', (event) => { event.preventDefault(); save(form, slot.name); });
  return form;
}

function statusLine(name) {
  const slots = (state.status && state.status.slots) || [];
  const status = slots.find((each) => each.name === name);
  if (!status) return [];
  const parts = [];
  if (status.entry) parts.push('entry ' + wallTime(status.entry));
  if (status.next_wake) parts.push('next wake ' + wallTime(status.next_wake) + (status.next_reason ? ' (' + status.next_reason + ')' : ''));
  if (status.stack) parts.push('in stack ' + status.stack + (status.window === 'closed' ? ', window closed' : ''));
  const line = [parts.join(' · ')];
  if (status.problem) line.push(make('br'), make('span', { className: 'problem', text: status.problem }));
  return line;
}

function inputFor(param, id) {
  const common = { id, name: param.name };
  const placeholder = param.default !== undefined && param.default !== null && param.default !== ''
    ? 'default: ' + textOf(param, param.default) : undefined;
  switch (param.type) {
    case 'integer': return make('input', { ...common, type: 'number', step: '1', inputMode: 'numeric', placeholder });
    case 'number': return make('input', { ...common, type: 'number', step: 'any', inputMode: 'decimal', placeholder });
    case 'toggle': return make('input', { ...common, type: 'checkbox' });
    case 'choice': {
      const select = make('select', common);
      if (param.optional) select.append(make('option', { value: '', text: '(none)' }));
      for (const choice of param.choices || []) select.append(make('option', { value: choice.value, text: choice.title || choice.value }));
      return select;
    }
    case 'date': {
      // A bare day stays a day; an instant is shown and sent in this browser's time.
      const day = /^\d{4}-\d\d-\d\d$/.test(textOf(param, param.value)) || param.value === null || param.value === undefined || param.value === '';
      return make('input', { ...common, type: day ? 'date' : 'datetime-local' });
    }
    case 'entity': {
      const listId = id + '-choices';
      const list = make('datalist', { id: listId });
      for (const choice of param.choices || []) list.append(make('option', { value: choice.value, label: choice.title || choice.value }));
      const input = make('input', { ...common, type: 'text', list: listId, autocomplete: 'off', placeholder });
      input.choices = list;
      return input;
    }
    case 'list': return make('input', { ...common, type: 'text', placeholder: placeholder || 'a, b, c' });
    default: return make('input', { ...common, type: 'text', placeholder });
  }
}

// A param's value as the text its input holds.
function textOf(param, value) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (param.type === 'toggle') return String(value === true || value === 'true');
  if (param.type === 'date' && /T/.test(String(value))) {
    const date = new Date(value);
    return isNaN(date) ? String(value) : localOf(date);
  }
  return String(value);
}

function readInput(input) {
  return input.type === 'checkbox' ? String(input.checked) : input.value;
}

function writeInput(input, text) {
  if (input.type === 'checkbox') input.checked = text === 'true';
  else input.value = text;
}

// What /ui/set is sent: an instant gets this browser's offset.
function sendable(input) {
  const text = readInput(input);
  return input.type === 'datetime-local' && text ? instantOf(text) : text;
}

async function save(form, slot) {
  const changed = [...form.querySelectorAll('input[name], select[name]')]
    .filter((input) => readInput(input) !== input.dataset.server);
  if (!changed.length) { say('Nothing changed in ' + slot + '.'); return; }
  const button = form.querySelector('button.save');
  button.disabled = true;
  const answers = [];
  try {
    for (const input of changed) {
      const answer = await post('/ui/set', { slot, param: input.name, value: sendable(input) });
      input.dataset.server = readInput(input);
      answers.push(said(answer, input.name + ' set'));
    }
    say(answers.join(' '));
  } catch (error) {
    say(answers.concat(error.message).join(' '), true);
  } finally {
    button.disabled = false;
  }
  loadState();
}

async function act(path, fields, fallback) {
  try {
    say(said(await post(path, fields), fallback));
  } catch (error) {
    say(error.message, true);
  }
}

// The long poll: one request at a time, answered when the frame changes or after 25 s.
function startPolling() {
  stopPolling();
  const round = ++pollRound;
  const controller = new AbortController();
  pollStop = () => controller.abort();
  poll(round, controller.signal);
}

function stopPolling() {
  pollRound++;
  if (pollStop) pollStop();
  pollStop = null;
}

async function poll(round, signal) {
  while (round === pollRound) {
    try {
      const answer = await get('/ui/events', { after: version }, signal);
      if (round !== pollRound) return;
      if (answer.version !== version) {
        version = answer.version;
        showFrame();
        await loadState();
      }
    } catch (error) {
      if (round !== pollRound || error.status === 401) return;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

async function travel() {
  const at = $('#travel-at').value;
  if (!at) return;
  const button = $('#travel-go');
  button.disabled = true;
  try {
    const answer = await get('/ui/travel', { at: instantOf(at) });
    const image = $('#look').value === 'colour' && answer.colour ? answer.colour : answer.image;
    const frame = $('#travel-frame');
    if (/^data:image\/png;base64,/.test(image || '')) frame.src = image;
    frame.hidden = false;
    $('#wakes').replaceChildren(...(answer.wakes || []).map((wake) => {
      let text = wallTime(wake.at) + ' ' + wake.slot + (wake.kind ? ' (' + wake.kind + ')' : '') + ': ' + wake.reason;
      if (wake.refresh) text += ', ' + wake.refresh + ' refresh';
      if (wake.shows) text += ', shows ' + wake.shows + (wake.why ? ' (' + wake.why + ')' : '');
      return make('li', { text });
    }));
    say('The wall at ' + wallTime(answer.at || instantOf(at)) + ': ' + (answer.wakes || []).length + ' wakes before it.'
      + (answer.cut_short ? ' The journey ' + answer.cut_short + '.' : ''), Boolean(answer.cut_short));
  } catch (error) {
    say(error.message, true);
  } finally {
    button.disabled = false;
  }
}

function travelLimits() {
  const input = $('#travel-at');
  const now = new Date();
  input.min = localOf(now);
  input.max = localOf(new Date(now.getTime() + 7 * 86400000));
  if (!input.value) input.value = localOf(new Date(now.getTime() + 3600000));
}

// A board whose inks were measured: its swatches, and the saturation with a preview.
let inkShape = '';
let previewTimer = null;
async function loadInks() {
  let answer;
  try {
    answer = await get('/ui/inks');
  } catch (error) {
    return;
  }
  $('#inks').hidden = !answer.measured;
  if (!answer.measured) return;
  const shape = JSON.stringify(answer);
  if (shape === inkShape) { showPreview(); return; }
  inkShape = shape;
  $('#ink-source').textContent = answer.board + ' (' + answer.palette + '): measured ' + (answer.source || '') + '; the board file says '
    + answer.default + '.';
  $('#ink-swatches').replaceChildren(...answer.inks.map((ink) => {
    const ideal = make('span', { class: 'swatch', title: ink.name + ' ideal ' + ink.ideal });
    const measured = make('span', { class: 'swatch', title: ink.name + ' as measured ' + ink.measured });
    ideal.style.backgroundColor = ink.ideal;
    measured.style.backgroundColor = ink.measured;
    return make('li', {}, ideal, measured, make('span', { text: ink.name }));
  }));
  $('#saturation').value = answer.saturation;
  $('#saturation-value').textContent = Number(answer.saturation).toFixed(2);
  showPreview();
}

function showPreview() {
  const value = $('#saturation').value;
  $('#saturation-value').textContent = Number(value).toFixed(2);
  $('#ink-preview').src = url('/ui/frame.png', { saturation: value, v: version });
}

// The albums of photo slots with uploads: (none: the section stays hidden).
let photoShape = '';
async function loadPhotos() {
  let answer;
  try {
    answer = await get('/ui/photos');
  } catch (error) {
    return;
  }
  const albums = answer.albums || [];
  $('#photos').hidden = albums.length === 0;
  const shape = JSON.stringify(albums);
  if (shape === photoShape) return;
  photoShape = shape;
  const limits = answer.limits || {};
  $('#albums').replaceChildren(...albums.map((album) => {
    const input = make('input', { type: 'file', name: 'picture', accept: 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif', multiple: true });
    const form = make('form', { class: 'upload', 'data-album': album.name },
      make('label', { text: 'Add to ' + album.name + ' (shown by ' + album.slots.join(', ') + ')' }),
      make('div', { class: 'row' }, input, make('button', { type: 'submit', text: 'Upload' })),
      make('p', { class: 'small', text: 'JPEG, PNG, WebP, HEIC or AVIF, at most ' + Math.round((limits.upload || 0) / 1048576) + ' MiB and '
        + (limits.megapixels || 0) + ' megapixels each; ' + album.pictures.length + ' of ' + (limits.pictures || 0) + ' pictures.' }));
    form.addEventListener('submit', (event) => { event.preventDefault(); upload(form, album.name, input); });
    const list = make('ul', { class: 'pictures' }, ...album.pictures.map((picture) => make('li', { 'data-name': picture.name },
      make('span', { text: picture.name + ' · ' + Math.max(1, Math.round(picture.bytes / 1024)) + ' KiB' }),
      make('button', { type: 'button', class: 'delete quiet', 'data-name': picture.name, text: 'Delete' }))));
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button.delete');
      if (!button) return;
      removePicture(album.name, button.dataset.name);
    });
    return make('div', { class: 'album', 'data-album': album.name }, form, list);
  }));
}

// Each chosen file as the body of its own POST (the picture's bytes, not a form).
async function upload(form, album, input) {
  const files = Array.from(input.files || []);
  if (!files.length) { say('Choose a picture first.', true); return; }
  const button = form.querySelector('button');
  button.disabled = true;
  const answers = [];
  try {
    for (const file of files) {
      const response = await fetch(url('/ui/photos/upload', { album, name: file.name }), {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': file.type || 'application/octet-stream', 'X-CSRF-Token': state ? state.csrf : '' },
        body: file,
      });
      if (response.status === 403) loadState();
      answers.push(said(await answerOf(response), 'Uploaded ' + file.name + '.'));
    }
    say(answers.join(' '));
    input.value = '';
  } catch (error) {
    say(answers.concat(error.message).join(' '), true);
  } finally {
    button.disabled = false;
  }
  photoShape = '';
  loadPhotos();
}

async function removePicture(album, name) {
  await act('/ui/photos/delete', { album, name }, 'Deleted ' + name + '.');
  photoShape = '';
  loadPhotos();
}

async function openGallery() {
  const box = $('#gallery .gallery-items');
  try {
    const items = await get('/ui/gallery');
    box.replaceChildren(...items.filter((item) => /^\/ui\//.test(item.image || '')).map((item) => make('figure', {},
      make('img', { src: url(item.image), loading: 'lazy', alt: item.kind + ' in ' + item.family }),
      make('figcaption', { text: item.kind + ' · ' + item.family }))));
    if (!items.length) box.textContent = 'No widgets.';
  } catch (error) {
    say(error.message, true);
  }
}

async function openLog() {
  try {
    $('#log pre').textContent = ((await get('/ui/log')).lines || []).join('\n');
  } catch (error) {
    say(error.message, true);
  }
}

// A click on the frame, in the frame's pixels: its displayed size against the display's.
function tap(event) {
  const frame = $('#frame');
  const box = frame.getBoundingClientRect();
  const width = (state && state.display && state.display.width) || frame.naturalWidth;
  const height = (state && state.display && state.display.height) || frame.naturalHeight;
  if (!box.width || !box.height || !width) return;
  const x = Math.min(width - 1, Math.max(0, Math.floor((event.clientX - box.left) * width / box.width)));
  const y = Math.min(height - 1, Math.max(0, Math.floor((event.clientY - box.top) * height / box.height)));
  act('/ui/tap', { x, y }, 'Tapped ' + x + ',' + y + '.');
}

function start() {
  $('#login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const response = await fetch(url('/ui/login'), {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user: form.user.value, password: form.password.value }),
      });
      if (!response.ok) {
        let body = {};
        try { body = await response.json(); } catch (_) { /* the status says it */ }
        throw new Error(body.error || 'Sign-in failed (' + response.status + ').');
      }
      form.password.value = '';
      say('Signed in.');
      signedIn = true;
      loadState();
    } catch (error) {
      say(error.message, true);
    }
  });
  $('#logout').addEventListener('click', async () => {
    await act('/ui/logout', {}, 'Signed out.');
    signedIn = false;
    loadState();
  });
  $('#display').addEventListener('change', (event) => {
    const query = new URLSearchParams(location.search);
    query.set('display', event.target.value);
    location.search = query.toString();
  });
  $('#frame').addEventListener('click', tap);
  $('#frame').addEventListener('error', () => { if (version !== null) say('The frame did not load.', true); });
  $('#look').addEventListener('change', () => { if (state) showFrame(); });
  $('#controls').addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    if (button.dataset.action) act('/ui/' + button.dataset.action, {}, button.textContent + ': done.');
    else if (button.dataset.key) act('/ui/press', { key: button.dataset.key, long: 'false' }, 'Pressed ' + button.dataset.key + '.');
  });
  $('#travel').addEventListener('submit', (event) => { event.preventDefault(); travel(); });
  $('#travel-at').addEventListener('focus', travelLimits);
  $('#saturation').addEventListener('input', () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(showPreview, 250);
  });
  $('#saturation-keep').addEventListener('click', async () => {
    await act('/ui/inks/saturation', { saturation: $('#saturation').value }, 'Kept.');
    inkShape = '';
    loadInks();
  });
  $('#gallery').addEventListener('toggle', (event) => { if (event.target.open) openGallery(); });
  $('#log').addEventListener('toggle', (event) => { if (event.target.open) openLog(); });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') { if (state) loadState(); } else stopPolling();
  });
  travelLimits();
  loadState();
}

start();
