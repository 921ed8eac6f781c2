// Translates the per-vertex stage's GLSL (the part of shaders/skinning.vert that
// generate-stage.mjs takes, its names already prefixed) into code that a three.js node
// material can include, in WGSL (WebGPU) and in GLSL (WebGPURenderer's WebGL 2 fallback):
// such code cannot declare uniforms or samplers of its own (the engine binds them under its
// own names), so the stage's tables become parameters, threaded through every function that
// reads one, and its other inputs module-scope variables, set by an entry function that takes
// them all. Only the subset of GLSL the stage is written in is read (functions, scalars,
// vectors, mat3/mat4, swizzles, texelFetch, for/if, out/inout parameters); anything else is
// an error here rather than a shader that fails in the browser.

const TYPES = new Set(['void', 'bool', 'int', 'float', 'vec2', 'vec3', 'vec4', 'ivec2', 'ivec3', 'ivec4', 'mat3', 'mat4', 'sampler2D']);

// ---- Tokens ----

function tokenize(text) {
  const tokens = [];
  const pattern = /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|(\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+)|([A-Za-z_]\w*)|(\+\+|--|\+=|-=|\*=|\/=|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%<>=!&|^?:;,.(){}[\]])/y;
  while (pattern.lastIndex < text.length) {
    const at = pattern.lastIndex;
    const m = pattern.exec(text);
    if (!m) throw new Error(`stage translator: unexpected character at ${JSON.stringify(text.slice(at, at + 20))}`);
    if (m[1] !== undefined) tokens.push({ kind: 'number', text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: 'name', text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: 'op', text: m[3] });
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}

// ---- Parsing: functions, statements, expressions ----

const BINARY = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']];
const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=']);

function parse(text) {
  const tokens = tokenize(text);
  let i = 0;
  const peek = (k = 0) => tokens[i + k];
  const next = () => tokens[i++];
  const accept = (t) => (peek().text === t ? (i++, true) : false);
  const expect = (t) => {
    if (!accept(t)) throw new Error(`stage translator: expected "${t}", found "${peek().text}" (token ${i})`);
  };
  const name = () => {
    const t = next();
    if (t.kind !== 'name') throw new Error(`stage translator: expected a name, found "${t.text}"`);
    return t.text;
  };
  const type = () => {
    const t = name();
    if (!TYPES.has(t)) throw new Error(`stage translator: type ${t} is outside the subset translated`);
    return t;
  };

  function primary() {
    const t = next();
    if (t.kind === 'number') return { kind: 'number', text: t.text, float: /[.eE]/.test(t.text) };
    if (t.text === '(') {
      const e = expression();
      expect(')');
      return e;
    }
    if (t.kind !== 'name') throw new Error(`stage translator: unexpected "${t.text}"`);
    if (t.text === 'true' || t.text === 'false') return { kind: 'bool', text: t.text };
    if (peek().text === '(') {
      next();
      const args = [];
      if (!accept(')')) {
        do args.push(assignment()); while (accept(','));
        expect(')');
      }
      return { kind: 'call', name: t.text, args };
    }
    return { kind: 'name', name: t.text };
  }
  function postfix() {
    let e = primary();
    for (;;) {
      if (accept('.')) e = { kind: 'field', base: e, field: name() };
      else if (accept('[')) {
        e = { kind: 'index', base: e, index: expression() };
        expect(']');
      } else if (peek().text === '++' || peek().text === '--') e = { kind: 'postfix', op: next().text, operand: e };
      else return e;
    }
  }
  function unary() {
    if (['-', '!', '+', '++', '--'].includes(peek().text)) return { kind: 'unary', op: next().text, operand: unary() };
    return postfix();
  }
  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek().text)) left = { kind: 'binary', op: next().text, left, right: binary(level + 1) };
    return left;
  }
  function conditional() {
    const condition = binary(0);
    if (!accept('?')) return condition;
    const yes = assignment();
    expect(':');
    return { kind: 'select', condition, yes, no: assignment() };
  }
  function assignment() {
    const target = conditional();
    if (!ASSIGNMENTS.has(peek().text)) return target;
    const op = next().text;
    return { kind: 'assign', op, target, value: assignment() };
  }
  const expression = assignment;

  const startsDeclaration = () => peek().kind === 'name' && TYPES.has(peek().text) && peek(1).kind === 'name';
  function declaration() {
    const t = type();
    const variables = [];
    do {
      const n = name();
      variables.push({ name: n, init: accept('=') ? assignment() : null });
    } while (accept(','));
    return { kind: 'declare', type: t, variables };
  }
  function statement() {
    if (accept('{')) {
      const body = [];
      while (!accept('}')) body.push(statement());
      return { kind: 'block', body };
    }
    if (accept('if')) {
      expect('(');
      const condition = expression();
      expect(')');
      const yes = statement();
      return { kind: 'if', condition, yes, no: accept('else') ? statement() : null };
    }
    if (accept('for')) {
      expect('(');
      const init = startsDeclaration() ? declaration() : { kind: 'expression', expression: expression() };
      expect(';');
      const condition = expression();
      expect(';');
      const update = peek().text === ')' ? null : expression();
      expect(')');
      return { kind: 'for', init, condition, update, body: statement() };
    }
    if (accept('return')) {
      const value = peek().text === ';' ? null : expression();
      expect(';');
      return { kind: 'return', value };
    }
    if (accept('continue')) return expect(';'), { kind: 'continue' };
    if (accept('break')) return expect(';'), { kind: 'break' };
    const s = startsDeclaration() ? declaration() : { kind: 'expression', expression: expression() };
    expect(';');
    return s;
  }

  const functions = [], constants = [];
  while (peek().kind !== 'end') {
    if (accept('const')) {
      const t = type(), cname = name();
      expect('=');
      constants.push({ type: t, name: cname, value: assignment() });
      expect(';');
      continue;
    }
    const returns = type();
    const fname = name();
    expect('(');
    const params = [];
    if (!accept(')')) {
      do {
        const qualifier = ['in', 'out', 'inout'].includes(peek().text) ? next().text : 'in';
        const ptype = type();
        params.push({ qualifier, type: ptype, name: name() });
      } while (accept(','));
      expect(')');
    }
    expect('{');
    const body = [];
    while (!accept('}')) body.push(statement());
    functions.push({ returns, name: fname, params, body });
  }
  return { functions, constants };
}

// ---- Walking ----

// Calls visit(node) on every expression and statement under `node`.
function walk(node, visit) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit));
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== 'kind' && typeof value === 'object') walk(value, visit);
}

// ---- Types ----

const SCALAR_OF = { float: 'float', vec2: 'float', vec3: 'float', vec4: 'float', int: 'int', ivec2: 'int', ivec3: 'int', ivec4: 'int', bool: 'bool', bvec2: 'bool', bvec3: 'bool', bvec4: 'bool' };
const SIZE_OF = { float: 1, int: 1, bool: 1, vec2: 2, vec3: 3, vec4: 4, ivec2: 2, ivec3: 3, ivec4: 4, bvec2: 2, bvec3: 3, bvec4: 4 };
const vectorOf = (scalar, size) => (size === 1 ? scalar : `${{ float: '', int: 'i', bool: 'b' }[scalar]}vec${size}`);
const isMatrix = (t) => t === 'mat3' || t === 'mat4';
const isVector = (t) => SIZE_OF[t] > 1;

// The return types of the built-ins the stage calls: the first argument's type, or fixed.
const BUILTINS = {
  abs: 0, sign: 0, floor: 0, exp: 0, tanh: 0, sqrt: 0, acos: 0, normalize: 0, clamp: 0, transpose: 0,
  length: 'float', dot: 'float', cross: 'vec3', outerProduct: 'mat3', texelFetch: 'vec4', any: 'bool',
  isinf: 'bool-like', isnan: 'bool-like',
};

// Types every expression (expression.type), given the globals' and the functions' types.
function typeCheck(functions, globals) {
  const signatures = new Map(functions.map((f) => [f.name, f]));
  for (const f of functions) {
    const scopes = [new Map(f.params.map((p) => [p.name, p.type]))];
    const lookup = (n) => {
      for (let s = scopes.length - 1; s >= 0; --s) if (scopes[s].has(n)) return scopes[s].get(n);
      if (globals.has(n)) return globals.get(n);
      throw new Error(`stage translator: ${f.name} reads ${n}, which is neither declared nor an input`);
    };
    const expr = (e) => (e.type = typeOf(e));
    const typeOf = (e) => {
      switch (e.kind) {
        case 'number': return e.float ? 'float' : 'int';
        case 'bool': return 'bool';
        case 'name': return lookup(e.name);
        case 'field': {
          const base = expr(e.base);
          if (!SCALAR_OF[base] || !/^[xyzw]{1,4}$/.test(e.field)) throw new Error(`stage translator: .${e.field} of a ${base}`);
          return vectorOf(SCALAR_OF[base], e.field.length);
        }
        case 'index': {
          const base = expr(e.base);
          expr(e.index);
          return isMatrix(base) ? `vec${base[3]}` : SCALAR_OF[base];
        }
        case 'unary': case 'postfix': return expr(e.operand);
        case 'select': expr(e.condition); expr(e.no); return expr(e.yes);
        case 'assign': expr(e.value); return expr(e.target);
        case 'binary': {
          const l = expr(e.left), r = expr(e.right);
          if (['==', '!=', '<', '>', '<=', '>=', '&&', '||'].includes(e.op)) return 'bool';
          if (isMatrix(l) && isMatrix(r)) return l;
          if (isMatrix(l)) return isVector(r) ? r : l;
          if (isMatrix(r)) return isVector(l) ? l : r;
          return isVector(l) ? l : r;
        }
        case 'call': {
          const args = e.args.map(expr);
          if (TYPES.has(e.name)) return e.name;
          if (signatures.has(e.name)) return signatures.get(e.name).returns;
          if (!(e.name in BUILTINS)) throw new Error(`stage translator: no translation of ${e.name}()`);
          const returns = BUILTINS[e.name];
          if (returns === 0) return args[0];
          if (returns === 'bool-like') return vectorOf('bool', SIZE_OF[args[0]]);
          return returns;
        }
      }
      throw new Error(`stage translator: expression ${e.kind}`);
    };
    const stmt = (s) => {
      switch (s.kind) {
        case 'block': scopes.push(new Map()); s.body.forEach(stmt); scopes.pop(); break;
        case 'declare':
          for (const v of s.variables) {
            if (v.init) expr(v.init);
            scopes[scopes.length - 1].set(v.name, s.type);
          }
          break;
        case 'if': expr(s.condition); stmt(s.yes); if (s.no) stmt(s.no); break;
        case 'for':
          scopes.push(new Map());
          stmt(s.init);
          expr(s.condition);
          if (s.update) expr(s.update);
          stmt(s.body);
          scopes.pop();
          break;
        case 'return': if (s.value) expr(s.value); break;
        case 'expression': expr(s.expression); break;
      }
    };
    f.body.forEach(stmt);
  }
}

// The samplers each function reads, itself or through the functions it calls (in the order of
// the inputs): the parameters it takes for them.
function samplersRead(functions, samplers) {
  const direct = new Map(), calls = new Map();
  for (const f of functions) {
    const reads = new Set(), called = new Set();
    walk(f.body, (n) => {
      if (n.kind === 'name' && samplers.includes(n.name)) reads.add(n.name);
      if (n.kind === 'call') called.add(n.name);
    });
    direct.set(f.name, reads);
    calls.set(f.name, called);
  }
  const result = new Map();
  const of = (name, seen = new Set()) => {
    if (result.has(name)) return result.get(name);
    if (seen.has(name)) return new Set();
    seen.add(name);
    const all = new Set(direct.get(name));
    for (const c of calls.get(name)) if (direct.has(c)) for (const s of of(c, seen)) all.add(s);
    return all;
  };
  for (const f of functions) result.set(f.name, samplers.filter((s) => of(f.name).has(s)));
  return result;
}

// ---- Output ----

const WGSL_TYPES = {
  void: '', bool: 'bool', int: 'i32', float: 'f32', vec2: 'vec2<f32>', vec3: 'vec3<f32>', vec4: 'vec4<f32>',
  ivec2: 'vec2<i32>', ivec3: 'vec3<i32>', ivec4: 'vec4<i32>', mat3: 'mat3x3<f32>', mat4: 'mat4x4<f32>', sampler2D: 'texture_2d<f32>',
};
const wgslType = (t) => WGSL_TYPES[t];

// WGSL's missing built-ins, as the stage uses them (emitted when used).
const WGSL_HELPERS = {
  outer_product: 'fn dynskin_outer_product(c: vec3<f32>, r: vec3<f32>) -> mat3x3<f32> { return mat3x3<f32>(c * r.x, c * r.y, c * r.z); }',
  // Through the bits: WGSL lets a compiler assume that floating-point values are finite.
  isinf_f32: 'fn dynskin_isinf_f32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) == 0x7f800000u; }',
  isnan_f32: 'fn dynskin_isnan_f32(x: f32) -> bool { return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u; }',
  isinf_vec3: 'fn dynskin_isinf_vec3(x: vec3<f32>) -> vec3<bool> { return (bitcast<vec3<u32>>(x) & vec3<u32>(0x7fffffffu)) == vec3<u32>(0x7f800000u); }',
  isnan_vec3: 'fn dynskin_isnan_vec3(x: vec3<f32>) -> vec3<bool> { return (bitcast<vec3<u32>>(x) & vec3<u32>(0x7fffffffu)) > vec3<u32>(0x7f800000u); }',
  mat3_of_mat4: 'fn dynskin_mat3_of_mat4(m: mat4x4<f32>) -> mat3x3<f32> { return mat3x3<f32>(m[0].xyz, m[1].xyz, m[2].xyz); }',
  mat3_diagonal: 'fn dynskin_mat3_diagonal(s: f32) -> mat3x3<f32> { return mat3x3<f32>(s, 0.0, 0.0, 0.0, s, 0.0, 0.0, 0.0, s); }',
  mat4_diagonal: 'fn dynskin_mat4_diagonal(s: f32) -> mat4x4<f32> { return mat4x4<f32>(s, 0.0, 0.0, 0.0, 0.0, s, 0.0, 0.0, 0.0, 0.0, s, 0.0, 0.0, 0.0, 0.0, s); }',
};

class Writer {
  constructor(language, functions, samplerParams) {
    this.wgsl = language === 'wgsl';
    this.signatures = new Map(functions.map((f) => [f.name, f]));
    this.samplerParams = samplerParams;
    this.helpers = new Set();
  }

  type(t) {
    return this.wgsl ? wgslType(t) : t;
  }

  helper(name) {
    this.helpers.add(name);
    return `dynskin_${name}`;
  }

  // Expressions, every binary operation in parentheses (WGSL has no precedence between some
  // operators, && and ||, for one).
  expr(e) {
    const x = (n) => this.expr(n);
    switch (e.kind) {
      case 'number': return e.text;
      case 'bool': return e.text;
      case 'name': return this.pointers?.has(e.name) ? `(*${e.name})` : e.name;
      case 'field': return `${x(e.base)}.${e.field}`;
      case 'index': return `${x(e.base)}[${x(e.index)}]`;
      case 'unary': return `${e.op}${x(e.operand)}`;
      case 'select': return this.wgsl ? `select(${x(e.no)}, ${x(e.yes)}, ${x(e.condition)})` : `(${x(e.condition)} ? ${x(e.yes)} : ${x(e.no)})`;
      case 'binary': {
        let right = x(e.right);
        if (this.wgsl && (e.op === '<<' || e.op === '>>')) right = `u32(${right})`;
        const text = `(${x(e.left)} ${e.op} ${right})`;
        // GLSL compares whole vectors; WGSL per component.
        if (this.wgsl && isVector(e.left.type) && (e.op === '==' || e.op === '!=')) return `${e.op === '==' ? 'all' : 'any'}${text}`;
        return text;
      }
      case 'call': return this.call(e);
    }
    throw new Error(`stage translator: cannot write ${e.kind} as an expression`);
  }

  call(e) {
    const args = e.args.map((a) => this.expr(a));
    const own = this.signatures.get(e.name);
    if (own) {
      // out and inout arguments: a pointer in WGSL (a pointer parameter is passed on as it is).
      const passed = args.map((a, k) => {
        if (!this.wgsl || own.params[k].qualifier === 'in') return a;
        if (e.args[k].kind !== 'name') throw new Error(`stage translator: ${e.name}'s argument ${k} is out but not a variable`);
        return this.pointers.has(e.args[k].name) ? e.args[k].name : `&${e.args[k].name}`;
      });
      return `${e.name}(${[...passed, ...this.samplerParams.get(e.name)].join(', ')})`;
    }
    if (!this.wgsl) return `${e.name}(${args.join(', ')})`;
    const [first] = e.args;
    switch (e.name) {
      case 'texelFetch': return `textureLoad(${args.join(', ')})`;
      case 'outerProduct': return `${this.helper('outer_product')}(${args.join(', ')})`;
      case 'isinf': case 'isnan': {
        const of = { float: 'f32', vec3: 'vec3' }[first.type];
        if (!of) throw new Error(`stage translator: no WGSL ${e.name} of a ${first.type}`);
        return `${this.helper(`${e.name}_${of}`)}(${args[0]})`;
      }
      case 'int': case 'float': return `${wgslType(e.name)}(${args[0]})`;
      case 'mat3': case 'mat4':
        if (args.length === 1 && first.type === 'mat4' && e.name === 'mat3') return `${this.helper('mat3_of_mat4')}(${args[0]})`;
        if (args.length === 1 && SIZE_OF[first.type] === 1) return `${this.helper(`${e.name}_diagonal`)}(${args[0]})`;
        return `${wgslType(e.name)}(${args.join(', ')})`;
    }
    if (TYPES.has(e.name)) {
      // A shorter vector from a longer one: GLSL drops the last components, WGSL takes a swizzle.
      if (args.length === 1 && isVector(first.type) && SIZE_OF[first.type] > SIZE_OF[e.name]) return `${args[0]}.${'xyzw'.slice(0, SIZE_OF[e.name])}`;
      return `${wgslType(e.name)}(${args.join(', ')})`;
    }
    return `${e.name}(${args.join(', ')})`;
  }

  declare(s) {
    return s.variables.map((v) => {
      const init = v.init ? ` = ${this.expr(v.init)}` : '';
      return this.wgsl ? `var ${v.name}: ${wgslType(s.type)}${init};` : `${s.type} ${v.name}${init};`;
    }).join(' ');
  }

  // A statement at `indent`; as a body of if or for, always a block (WGSL wants braces).
  stmt(s, indent) {
    const pad = '    '.repeat(indent);
    const body = (b) => (b.kind === 'block' ? this.stmt(b, indent) : this.stmt({ kind: 'block', body: [b] }, indent));
    switch (s.kind) {
      case 'block': return `{\n${s.body.map((b) => pad + '    ' + this.stmt(b, indent + 1)).join('\n')}\n${pad}}`;
      case 'declare': return this.declare(s);
      case 'expression': return `${this.exprStatement(s.expression)};`;
      case 'if': return `if (${this.expr(s.condition)}) ${body(s.yes)}${s.no ? ` else ${s.no.kind === 'if' ? this.stmt(s.no, indent) : body(s.no)}` : ''}`;
      case 'for': {
        const init = s.init.kind === 'declare' ? this.declare(s.init).replace(/;$/, '') : this.exprStatement(s.init.expression);
        return `for (${init}; ${this.expr(s.condition)}; ${s.update ? this.exprStatement(s.update) : ''}) ${body(s.body)}`;
      }
      case 'return': return s.value ? `return ${this.expr(s.value)};` : 'return;';
      case 'continue': return 'continue;';
      case 'break': return 'break;';
    }
    throw new Error(`stage translator: statement ${s.kind}`);
  }

  // Assignments and increments, statements of their own in WGSL (and ++ only after).
  exprStatement(e) {
    if (e.kind === 'assign') return `${this.expr(e.target)} ${e.op} ${this.expr(e.value)}`;
    if ((e.kind === 'unary' || e.kind === 'postfix') && (e.op === '++' || e.op === '--')) {
      return this.wgsl ? `${this.expr(e.operand)}${e.op}` : `${e.op}${this.expr(e.operand)}`;
    }
    return this.expr(e);
  }

  func(f) {
    const assigned = new Set();
    walk(f.body, (n) => {
      if (n.kind === 'assign' && n.target.kind === 'name') assigned.add(n.target.name);
      if ((n.kind === 'unary' || n.kind === 'postfix') && (n.op === '++' || n.op === '--') && n.operand.kind === 'name') assigned.add(n.operand.name);
    });
    const samplers = this.samplerParams.get(f.name);
    if (!this.wgsl) {
      const params = [...f.params.map((p) => `${p.qualifier === 'in' ? '' : p.qualifier + ' '}${p.type} ${p.name}`), ...samplers.map((s) => `sampler2D ${s}`)];
      this.pointers = new Set();
      return `${f.returns} ${f.name}(${params.join(', ')}) ${this.stmt({ kind: 'block', body: f.body }, 0)}`;
    }
    // WGSL: out and inout parameters are pointers; an in parameter the body assigns, a copy.
    this.pointers = new Set(f.params.filter((p) => p.qualifier !== 'in').map((p) => p.name));
    const copies = f.params.filter((p) => p.qualifier === 'in' && assigned.has(p.name));
    const params = [
      ...f.params.map((p) => {
        if (p.qualifier !== 'in') return `${p.name}: ptr<function, ${wgslType(p.type)}>`;
        return `${copies.includes(p) ? p.name + '_in' : p.name}: ${wgslType(p.type)}`;
      }),
      ...samplers.map((s) => `${s}: texture_2d<f32>`),
    ];
    const body = [...copies.map((p) => ({ kind: 'copy', p })), ...f.body];
    const block = `{\n${body.map((s) => '    ' + (s.kind === 'copy' ? `var ${s.p.name}: ${wgslType(s.p.type)} = ${s.p.name}_in;` : this.stmt(s, 1))).join('\n')}\n}`;
    return `fn ${f.name}(${params.join(', ')})${f.returns === 'void' ? '' : ` -> ${wgslType(f.returns)}`} ${block}`;
  }
}

/**
 * The stage for three.js's node materials. `stage`: its GLSL functions (names prefixed
 * dynskin_); `inputs`: what it reads ({kind: 'uniform' | 'attribute', type, name}, prefixed
 * names); `entry`: its entry function (void, out vec3 position, out vec3 normal);
 * `constants`: the GLSL constants it reads (`const int kTexel... = ...;`, from the core).
 * Returns {wgsl, glsl}: each the constants, the stage's functions, then dynskin_deform, which
 * takes every input in the order of `inputs`, named without the prefix, and returns
 * mat3(position, normal, 0) in the stage's world.
 */
export function translateStage(stage, inputs, entry, constants) {
  const { functions } = parse(stage);
  const { constants: constantList, functions: extra } = parse(constants);
  if (extra.length) throw new Error('stage translator: the constants hold a function');
  const globals = new Map([...inputs.map((i) => [i.name, i.type]), ...constantList.map((c) => [c.name, c.type])]);
  typeCheck(functions, globals);
  const samplers = inputs.filter((i) => i.type === 'sampler2D').map((i) => i.name);
  const samplerParams = samplersRead(functions, samplers);
  if (!samplerParams.has(entry)) throw new Error(`stage translator: no ${entry}()`);
  const others = inputs.filter((i) => i.type !== 'sampler2D');
  const bare = (name) => name.replace(/^dynskin_/, '');

  const out = {};
  for (const language of ['wgsl', 'glsl']) {
    const w = new Writer(language, functions, samplerParams);
    const wgsl = language === 'wgsl';
    const constantsCode = constantList.map((c) => (wgsl ? `const ${c.name}: ${wgslType(c.type)} = ${w.expr(c.value)};` : `const ${c.type} ${c.name} = ${w.expr(c.value)};`));
    const code = functions.map((f) => w.func(f));
    const globalsCode = others.map((i) => (wgsl ? `var<private> ${i.name}: ${wgslType(i.type)};` : `${i.type} ${i.name};`));
    const params = inputs.map((i) => (wgsl ? `${bare(i.name)}: ${wgslType(i.type)}` : `${i.type} ${bare(i.name)}`));
    const sets = others.map((i) => `    ${i.name} = ${bare(i.name)};`);
    const call = `${entry}(${[wgsl ? '&p, &n' : 'p, n', ...samplerParams.get(entry).map(bare)].join(', ')});`;
    const entryCode = wgsl
      ? `fn dynskin_deform(${params.join(', ')}) -> mat3x3<f32> {\n${sets.join('\n')}\n    var p: vec3<f32>;\n    var n: vec3<f32>;\n    ${call}\n    return mat3x3<f32>(p, n, vec3<f32>(0.0));\n}`
      : `mat3 dynskin_deform(${params.join(', ')}) {\n${sets.join('\n')}\n    vec3 p, n;\n    ${call}\n    return mat3(p, n, vec3(0.0));\n}`;
    const helpers = [...w.helpers].sort().map((h) => WGSL_HELPERS[h]);
    out[language] = [constantsCode.join('\n'), globalsCode.join('\n'), ...helpers, ...code, entryCode].join('\n\n') + '\n';
  }
  return out;
}
