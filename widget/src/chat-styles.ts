/** The chat window's styles, inside the widget's shadow root. */
export function chatStyles(color: string, position: string): string {
  const [vertical, horizontal] = position.split('-')
  return `
.window{--ad-color:${color};position:fixed;z-index:999999;${vertical}:20px;${horizontal}:20px;width:370px;max-width:calc(100vw - 40px);height:560px;max-height:calc(100vh - 40px);display:flex;flex-direction:column;background:#fff;color:#1f2328;border-radius:14px;box-shadow:0 10px 40px rgba(0,0,0,.25);overflow:hidden;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-align:start}
.header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:${color};color:#fff}
.header img{width:32px;height:32px;border-radius:50%;object-fit:cover;background:#fff}
.title{flex:1;font-weight:600;font-size:15px;margin:0}
.close{background:transparent;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:4px 8px;border-radius:6px}
.close:focus-visible,.send:focus-visible,textarea:focus-visible,input:focus-visible{outline:2px solid #111;outline-offset:2px}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px;background:#f6f7f9}
.msg{max-width:85%;padding:9px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.msg ul,.msg ol{margin:4px 0;padding-inline-start:20px;white-space:normal}
.ai{align-self:flex-start;background:#fff;border:1px solid #e3e5e8}
.user{align-self:flex-end;background:${color};color:#fff}
.user a{color:inherit}
.cite{font-size:11px;vertical-align:super;margin:0 1px;text-decoration:none}
.error{align-self:center;color:#b42318;font-size:13px}
.typing{align-self:flex-start;color:#57606a;font-style:italic}
.rate{align-self:flex-start;display:flex;flex-wrap:wrap;gap:4px;margin-top:-6px}
.thumb{background:none;border:0;padding:2px;cursor:pointer;color:#8c959f;line-height:0}
.thumb svg{width:14px;height:14px;fill:currentColor}
.thumb.down svg{transform:rotate(180deg)}
.thumb[aria-pressed=true]{color:${color}}
.why{display:flex;gap:6px;flex-basis:100%}
.why input{font-size:12px;padding:4px 8px}
.past{margin:6px 10px 0;font:12px system-ui,sans-serif;padding:4px}
.notice{align-self:center;color:#57606a;font-size:12px;text-align:center}
.who{display:block;font-size:12px}
.person{background:rgba(255,255,255,.2);border:0;color:inherit;font:inherit;font-size:12px;border-radius:12px;padding:4px 10px;cursor:pointer}
.form{display:flex;gap:8px;padding:10px;border-top:1px solid #e3e5e8;background:#fff}
textarea,input{flex:1;resize:none;border:1px solid #d0d7de;border-radius:8px;padding:8px 10px;font:inherit;color:inherit;background:#fff;min-height:20px;max-height:120px}
.send{background:${color};color:#fff;border:0;border-radius:8px;padding:0 14px;font:inherit;font-weight:600;cursor:pointer}
.send:disabled{opacity:.5;cursor:default}
.brand{text-align:center;font-size:11px;color:#57606a;padding:6px;background:#fff}
.brand a{color:inherit}
.attach{background:transparent;border:1px solid #d0d7de;border-radius:8px;cursor:pointer;padding:0 8px;font:inherit;color:#57606a;display:grid;place-items:center}
.attach svg{width:18px;height:18px;fill:currentColor}
.chip{align-self:flex-start;margin:6px 10px 0;background:#eef0f3;border:0;border-radius:12px;padding:3px 10px;font:12px system-ui,sans-serif;cursor:pointer;color:#1f2328}
.hidden{display:none}
@media (max-width:767px){.window{inset:0;width:100%;max-width:none;height:100%;max-height:none;border-radius:0}}
`
}
