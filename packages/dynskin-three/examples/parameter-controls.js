// The examples' parameter controls (dynskin-babylon's examples copy this file too): made from
// dynskin's parameter table (parameters.js, generated from it), a slider for each number, with
// a switch before it where the number can be off, and a select for each choice. They set the
// runtime's parameters through setParameters (which refuses what the core refuses, keeping
// the previous values: said in `error`) and then show what the runtime holds.
import { numberParameters, choiceParameters } from './parameters.js';

const getKey = (object, key) => key.split('.').reduce((o, k) => (o == null ? undefined : o[k]), object);
const nested = (key, value) => key.split('.').reduceRight((inner, part) => ({ [part]: inner }), value);
// A logarithmic slider's input holds log10 of the value (a range input is linear).
const sliderPosition = (p, value) => (p.logarithmic ? Math.log10(value) : value);
const sliderValue = (p, position) => (p.logarithmic ? 10 ** position : position);
// Off as the core reads it: null (infinity), or where 0 is off, anything up to 0.
const isOff = (p, value) => p.off !== null && (value === null || (p.off.value === 0 && value <= 0));

/**
 * Fills `container` with the controls of the runtime `runtimeOf()` returns (null: none yet).
 * Returns show(), which makes them show its parameters (the defaults without a runtime), and
 * setParameter(key, value) as a control sets one ('oscillation.frequency', 3).
 */
export function parameterControls(container, error, runtimeOf) {
  const controls = []; // { parameter, show(value) }
  const show = () => {
    const parameters = runtimeOf()?.parameters;
    for (const { parameter, show: showValue } of controls) showValue(parameters ? getKey(parameters, parameter.key) : parameter.default);
  };
  const setParameter = (key, value) => {
    const runtime = runtimeOf();
    if (!runtime) return;
    try {
      runtime.setParameters(nested(key, value));
      error.textContent = '';
    } catch (e) {
      error.textContent = e.message;
    }
    show();
  };

  const slider = (p) => {
    const row = document.createElement('div');
    row.className = 'slider';
    row.title = p.unit ? `${p.description} (${p.unit})` : p.description;
    row.innerHTML = `${p.off ? '<input type="checkbox">' : ''}<span class="name">${p.label}</span><input type="range" step="any"><output></output>`;
    const toggle = row.querySelector('input[type=checkbox]');
    const input = row.querySelector('input[type=range]');
    const output = row.querySelector('output');
    input.id = `slider-${p.label}`;
    input.min = sliderPosition(p, p.min);
    input.max = sliderPosition(p, p.max);
    input.addEventListener('input', () => setParameter(p.key, sliderValue(p, Number(input.value))));
    if (toggle) {
      toggle.id = `switch-${p.label}`;
      toggle.addEventListener('change', () => setParameter(p.key, toggle.checked ? p.off.on : p.off.value));
    }
    controls.push({
      parameter: p,
      show(value) {
        const off = isOff(p, value);
        if (toggle) toggle.checked = !off;
        input.disabled = off;
        input.value = sliderPosition(p, off ? p.off.on : value);
        output.textContent = off ? 'off' : value.toFixed(2);
      },
    });
    return row;
  };

  const select = (p) => {
    const label = document.createElement('label');
    label.className = 'choice';
    label.title = p.description;
    label.innerHTML = `<span class="name">${p.label}</span><select></select>`;
    const choice = label.querySelector('select');
    choice.id = `select-${p.label}`;
    for (const c of p.choices) choice.add(Object.assign(new Option(c.name, c.name), { title: c.description }));
    choice.addEventListener('change', () => setParameter(p.key, choice.value));
    controls.push({ parameter: p, show: (value) => (choice.value = value) });
    return label;
  };

  container.append(...choiceParameters.map(select), ...numberParameters.map(slider));
  return { show, setParameter };
}
