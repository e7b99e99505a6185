// The observer page's style sheet, embedded in the binary (the page fetches nothing).

extension ObserverPage {
    /// The page's CSS.
    static let style = ##"""
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #111318; color: #eee; }
        header { display: flex; gap: 24px; align-items: baseline; padding: 12px 16px; background: #1c1f27; flex-wrap: wrap; }
        header b { font-size: 17px; } #timer { font: 600 22px ui-monospace, monospace; } #status { margin-left: auto; color: #8a8; }
        #status.down { color: #e66; }
        main { display: grid; grid-template-columns: minmax(200px, 360px) 1fr; gap: 16px; padding: 16px; }
        #frame { width: 100%; border-radius: 12px; background: #000; min-height: 200px; }
        #ticker { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow-y: auto; font: 13px ui-monospace, monospace; }
        #ticker li { padding: 3px 6px; border-bottom: 1px solid #222; } #ticker li.miss, #ticker li.signal { color: #fc6; }
        #ticker li.error, #ticker li.problem { color: #f77; } #ticker li.task { color: #7cf; } #ticker li.marker { color: #c9f; }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
        button { background: #2a3040; color: #eee; border: 0; border-radius: 8px; padding: 10px 14px; font-size: 14px; cursor: pointer; }
        button:active { background: #46506a; } kbd { color: #9ab; }
        #note { flex: 1; min-width: 200px; padding: 10px; border-radius: 8px; border: 1px solid #333; background: #181b22; color: #eee; }
        #outbox { list-style: none; margin: 0 0 12px; padding: 0; }
        #outbox li { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; padding: 6px 8px; margin-bottom: 4px; border-radius: 6px; background: #1c1f27; transition: opacity 1s; }
        #outbox .what { flex: 1 1 240px; user-select: text; white-space: pre-wrap; } #outbox .how { color: #9ab; }
        #outbox li[data-state=queued] .how, #outbox li[data-state=sent] .how { color: #fc6; }
        #outbox li[data-state=saved] .how { color: #8c8; } #outbox li[data-state=saved].fading { opacity: 0; }
        #outbox li[data-state=refused] { background: #3a1f24; } #outbox li[data-state=refused] .how { color: #f99; }
        #outbox button { padding: 4px 10px; font-size: 13px; }
        """##
}
