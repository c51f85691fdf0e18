/** The launcher's styles, inside the widget's shadow root: nothing leaks in or out. */
export function loaderStyles(color: string): string {
  return `
:host{all:initial}
.launcher{position:fixed;z-index:999999;width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;background:${color};color:#fff;box-shadow:0 4px 14px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0;margin:0}
.launcher[hidden]{display:none}
.launcher:focus-visible{outline:3px solid #111;outline-offset:3px}
.launcher svg{width:28px;height:28px;fill:currentColor}
.bottom-right{bottom:20px;right:20px}.bottom-left{bottom:20px;left:20px}.top-right{top:20px;right:20px}.top-left{top:20px;left:20px}
@media (prefers-reduced-motion:no-preference){.launcher{transition:transform .15s}.launcher:hover{transform:scale(1.06)}}
`
}
