import Foundation
import LockPeers

/// A hand-written SVG line chart: throughput (million operations per second,
/// log scale) against thread count, one line per lock, one panel per
/// workload, at most three panels a row.
struct Chart {
    let title: String
    let workloads: [Workload]
    /// The lines of every panel.
    let peers: [Peer]
    let threadCounts: [Int]
    let medians: (Workload, Peer, Int) -> Double?

    /// Line colours by peer slug; a peer not listed gets one from `spare`.
    static let colors: [String: String] = [
        "safebox": "#d62728", "safebox-plain": "#ff9896", "safebox-checked": "#e377c2",
        "mutex": "#1f77b4", "mutex-next": "#ff7f0e", "pthread-adaptive": "#2ca02c", "pthread-plain": "#98df8a",
        "nio": "#9467bd", "nslock": "#8c564b", "lockisolated": "#bcbd22",
        "dispatch": "#17becf", "actor": "#7f7f7f", "atomic": "#000000", "rwbox": "#c49c94",
    ]
    static let spare = ["#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#e6550d", "#31a354"]

    static func color(_ peer: Peer) -> String {
        if let color = colors[peer.slug] { return color }
        let index = Peer.all.firstIndex(of: peer) ?? 0
        return spare[index % spare.count]
    }

    func svg() -> String {
        let panelWidth = 420.0, panelHeight = 300.0
        let left = 60.0, top = 56.0, gap = 50.0, rowGap = 70.0, legendWidth = 210.0
        let columns = min(3, max(workloads.count, 1))
        let rows = (workloads.count + columns - 1) / columns
        let width = left + Double(columns) * (panelWidth + gap) + legendWidth
        let height = top + Double(rows) * (panelHeight + rowGap) + 10
        let operation = workloads.first?.operation ?? "operations"


        var svg: [String] = []
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        svg.append(##"<text x="\##(left)" y="20" font-size="15" font-weight="bold">\##(Self.escape(title)) (million \##(operation) per second, log scale; higher is better)</text>"##)

        for (panel, workload) in workloads.enumerated() {
            let x0 = left + Double(panel % columns) * (panelWidth + gap)
            let top = top + Double(panel / columns) * (panelHeight + rowGap)
            func x(_ index: Int) -> Double { x0 + 20 + Double(index) * (panelWidth - 40) / Double(max(threadCounts.count - 1, 1)) }
            // Each panel scales to its own data: the dictionary workloads
            // span three orders of magnitude between 1 and 256 units.
            let values = peers.flatMap { peer in
                threadCounts.compactMap { medians(workload, peer, $0) }.filter { $0 > 0 }.map { 1000 / $0 }
            }
            let low = floor(log10(max(values.min() ?? 0.1, 0.001)))
            let high = max(ceil(log10(values.max() ?? 1000)), low + 1)
            func y(_ mops: Double) -> Double { top + panelHeight - (log10(mops) - low) / (high - low) * panelHeight }
            svg.append(##"<rect x="\##(x0)" y="\##(top)" width="\##(panelWidth)" height="\##(panelHeight)" fill="none" stroke="#888"/>"##)
            svg.append(##"<text x="\##(x0)" y="\##(top - 8)" font-weight="bold">\##(Self.escape(workload.title))</text>"##)
            var exponent = low
            while exponent <= high {
                for mantissa in [1.0, 2.0, 5.0] {
                    let value = mantissa * pow(10, exponent)
                    guard log10(value) <= high else { continue }
                    let yy = y(value)
                    svg.append(##"<line x1="\##(x0)" y1="\##(yy)" x2="\##(x0 + panelWidth)" y2="\##(yy)" stroke="#eee"/>"##)
                    svg.append(##"<text x="\##(x0 - 6)" y="\##(yy + 4)" text-anchor="end" fill="#555">\##(label(value))</text>"##)
                }
                exponent += 1
            }
            for (index, threads) in threadCounts.enumerated() {
                svg.append(##"<text x="\##(x(index))" y="\##(top + panelHeight + 18)" text-anchor="middle">\##(threads)</text>"##)
            }
            svg.append(##"<text x="\##(x0 + panelWidth / 2)" y="\##(top + panelHeight + 36)" text-anchor="middle" fill="#555">threads</text>"##)
            for peer in peers {
                let points = threadCounts.enumerated().compactMap { index, threads -> String? in
                    guard let ns = medians(workload, peer, threads), ns > 0 else { return nil }
                    return String(format: "%.1f,%.1f", x(index), y(1000 / ns))
                }
                let color = Self.color(peer)
                let width = peer == .safeBox ? 3.5 : 1.6
                svg.append(##"<polyline fill="none" stroke="\##(color)" stroke-width="\##(width)" points="\##(points.joined(separator: " "))"/>"##)
                for point in points {
                    let xy = point.split(separator: ",")
                    svg.append(##"<circle cx="\##(xy[0])" cy="\##(xy[1])" r="2.5" fill="\##(color)"/>"##)
                }
            }
        }
        let legendX = left + Double(columns) * (panelWidth + gap) - 20
        for (index, peer) in peers.enumerated() {
            let yy = top + 10 + Double(index) * 20
            let color = Self.color(peer)
            svg.append(##"<line x1="\##(legendX)" y1="\##(yy)" x2="\##(legendX + 24)" y2="\##(yy)" stroke="\##(color)" stroke-width="\##(peer == .safeBox ? 3.5 : 2)"/>"##)
            svg.append(##"<text x="\##(legendX + 30)" y="\##(yy + 4)">\##(Self.escape(peer.name))</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    func label(_ value: Double) -> String {
        value >= 1 ? String(format: "%.0f", value) : String(format: "%g", value)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// A hand-written SVG chart of acquire-latency percentiles: one panel per
/// consumer count, one line per lock across p50, p90, p99, p99.9 and max
/// (nanoseconds, log scale; lower is better).
struct LatencyChart {
    let cells: [LatencyCell]

    func svg() -> String {
        let statistics: [(String, (LatencyRun) -> UInt64)] = [
            ("p50", { $0.p50 }), ("p90", { $0.p90 }), ("p99", { $0.p99 }), ("p99.9", { $0.p999 }), ("max", { $0.max }),
        ]
        let consumerCounts = Array(Set(cells.map(\.consumers))).sorted()
        let peers = cells.reduce(into: [Peer]()) { list, cell in if !list.contains(cell.peer) { list.append(cell.peer) } }
        let panelWidth = 420.0, panelHeight = 300.0
        let left = 70.0, top = 56.0, gap = 60.0, legendWidth = 210.0
        let width = left + Double(consumerCounts.count) * (panelWidth + gap) + legendWidth
        let height = top + panelHeight + 60
        let values = cells.flatMap { cell in statistics.map { cell.median($0.1) } }.filter { $0 > 0 }
        let low = floor(log10(max(values.min() ?? 10, 1)))
        let high = ceil(log10(max(values.max() ?? 1000, 10)))

        var svg: [String] = []
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        svg.append(##"<text x="\##(left)" y="20" font-size="15" font-weight="bold">Producer/consumer: consumer acquire latency percentiles (log scale; lower is better)</text>"##)
        for (panel, consumers) in consumerCounts.enumerated() {
            let x0 = left + Double(panel) * (panelWidth + gap)
            func x(_ index: Int) -> Double { x0 + 30 + Double(index) * (panelWidth - 60) / Double(statistics.count - 1) }
            func y(_ ns: Double) -> Double { top + panelHeight - (log10(max(ns, 1)) - low) / (high - low) * panelHeight }
            svg.append(##"<rect x="\##(x0)" y="\##(top)" width="\##(panelWidth)" height="\##(panelHeight)" fill="none" stroke="#888"/>"##)
            svg.append(##"<text x="\##(x0)" y="\##(top - 8)" font-weight="bold">1 producer + \##(consumers) consumers</text>"##)
            var exponent = low
            while exponent <= high {
                let yy = y(pow(10, exponent))
                svg.append(##"<line x1="\##(x0)" y1="\##(yy)" x2="\##(x0 + panelWidth)" y2="\##(yy)" stroke="#eee"/>"##)
                svg.append(##"<text x="\##(x0 - 6)" y="\##(yy + 4)" text-anchor="end" fill="#555">\##(label(pow(10, exponent)))</text>"##)
                exponent += 1
            }
            for (index, statistic) in statistics.enumerated() {
                svg.append(##"<text x="\##(x(index))" y="\##(top + panelHeight + 18)" text-anchor="middle">\##(statistic.0)</text>"##)
            }
            for peer in peers {
                guard let cell = cells.first(where: { $0.peer == peer && $0.consumers == consumers }) else { continue }
                let points = statistics.enumerated().map { index, statistic in
                    String(format: "%.1f,%.1f", x(index), y(cell.median(statistic.1)))
                }
                let color = Chart.color(peer)
                let width = peer == .safeBox ? 3.5 : 1.6
                svg.append(##"<polyline fill="none" stroke="\##(color)" stroke-width="\##(width)" points="\##(points.joined(separator: " "))"/>"##)
                for point in points {
                    let xy = point.split(separator: ",")
                    svg.append(##"<circle cx="\##(xy[0])" cy="\##(xy[1])" r="2.5" fill="\##(color)"/>"##)
                }
            }
        }
        let legendX = left + Double(consumerCounts.count) * (panelWidth + gap) - 20
        for (index, peer) in peers.enumerated() {
            let yy = top + 10 + Double(index) * 20
            svg.append(##"<line x1="\##(legendX)" y1="\##(yy)" x2="\##(legendX + 24)" y2="\##(yy)" stroke="\##(Chart.color(peer))" stroke-width="\##(peer == .safeBox ? 3.5 : 2)"/>"##)
            svg.append(##"<text x="\##(legendX + 30)" y="\##(yy + 4)">\##(Chart.escape(peer.name))</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// 1 ns, 10 ns … 1 ms, 10 ms.
    func label(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.0f µs", nanoseconds / 1_000)
        default: String(format: "%.0f ms", nanoseconds / 1_000_000)
        }
    }
}
