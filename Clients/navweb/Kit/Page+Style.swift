extension Page {
    /// The page's style, including the marks of the graph (classes the script sets on the
    /// SVG's nodes and clusters).
    public static let style = """
        body { font: 14px system-ui, sans-serif; margin: 0; color: #222; }
        header { display: flex; gap: 1em; align-items: baseline; padding: 6px 12px; background: #f4f4f4; border-bottom: 1px solid #ddd; }
        .status.up { color: #1e7a1e; } .status.down { color: #b00020; font-weight: bold; }
        #nw-history { padding: 6px 12px; display: flex; gap: .5em; align-items: center; border-bottom: 1px solid #eee; }
        #nw-slider { flex: 1; }
        #nw-history.past { background: #fff4e0; }
        main { display: flex; gap: 12px; padding: 0 12px; }
        #nw-graph-pane { flex: 3; min-width: 0; }
        #nw-side { flex: 2; min-width: 280px; }
        .pane { padding: 0 12px; }
        h2 { font-size: 13px; text-transform: uppercase; color: #666; margin: 10px 0 4px; }
        #nw-graph { overflow: auto; max-height: 75vh; border: 1px solid #eee; }
        #nw-graph svg { max-width: 100%; height: auto; }
        pre { font: 13px ui-monospace, monospace; margin: 0; white-space: pre; overflow: auto; }
        #nw-events { max-height: 30vh; border: 1px solid #eee; padding: 4px; }
        .b { font-weight: bold; } .d { opacity: .6; } .r { background: #222; color: #fff; }
        .c-red { color: #b00020; } .c-green { color: #1e7a1e; } .c-yellow { color: #9a6b00; }
        .c-blue { color: #1a4fd6; } .c-magenta { color: #a0269e; } .c-cyan { color: #007c89; }
        .error { color: #b00020; }
        button.selected { font-weight: bold; }
        #nw-routes button, #nw-tabs button { margin: 2px; }
        g.node.mark-stacked > path, g.node.mark-stacked > polygon { fill: #eef3fb; stroke: #7a9cd6; }
        g.node.mark-visible > path, g.node.mark-visible > polygon { fill: #d2e3fc; stroke: #1a73e8; stroke-width: 3px; }
        g.node.mark-pending > path, g.node.mark-pending > polygon { stroke: #e37400; stroke-width: 3px; stroke-dasharray: 6 3; }
        g.cluster.mark-visible > path, g.cluster.mark-visible > polygon { stroke: #1a73e8; stroke-width: 2px; }
        g.cluster.mark-selected > path, g.cluster.mark-selected > polygon { fill: #f1f6fe; }
        """
}
