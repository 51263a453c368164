import Foundation
import LockPeers

/// A hand-written SVG line chart: throughput (million operations per second,
/// log scale) against thread count, one line per lock, one panel per workload.
struct Chart {
    let workloads: [Workload]
    let threadCounts: [Int]
    let medians: (Workload, Peer, Int) -> Double?

    static let colors: [Peer: String] = [
        .safeBox: "#d62728", .safeBoxPlain: "#ff9896", .safeBoxChecked: "#e377c2",
        .safeBoxPThreadNormal: "#c5b0d5", .safeBoxPThreadAdaptive: "#aec7e8", .safeBoxPThreadErrorCheck: "#dbdb8d",
        .safeBoxPThreadPriorityInheritance: "#9edae5",
        .stdlibMutex: "#1f77b4", .pthreadAdaptive: "#2ca02c", .pthreadPlain: "#98df8a",
        .nioLockedValueBox: "#9467bd", .nsLock: "#8c564b", .lockIsolated: "#bcbd22",
        .dispatchQueue: "#17becf", .actor: "#7f7f7f", .managedAtomic: "#000000", .readerWriterBox: "#ff7f0e",
    ]

    func svg() -> String {
        let panelWidth = 460.0, panelHeight = 340.0
        let left = 60.0, top = 40.0, gap = 50.0, legendWidth = 210.0
        let width = left + Double(workloads.count) * (panelWidth + gap) + legendWidth
        let height = top + panelHeight + 60
        let peers = workloads.first?.peers ?? []

        var values: [Double] = []
        for workload in workloads {
            for peer in peers { for threads in threadCounts { if let ns = medians(workload, peer, threads), ns > 0 { values.append(1000 / ns) } } }
        }
        let low = floor(log10(max(values.min() ?? 0.1, 0.001)))
        let high = ceil(log10(values.max() ?? 1000))

        var svg: [String] = []
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##)
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        svg.append(##"<text x="\##(left)" y="20" font-size="15" font-weight="bold">Throughput vs threads (million lock+increment+unlock per second, log scale; higher is better)</text>"##)

        for (panel, workload) in workloads.enumerated() {
            let x0 = left + Double(panel) * (panelWidth + gap)
            func x(_ index: Int) -> Double { x0 + 20 + Double(index) * (panelWidth - 40) / Double(max(threadCounts.count - 1, 1)) }
            func y(_ mops: Double) -> Double { top + panelHeight - (log10(mops) - low) / (high - low) * panelHeight }
            svg.append(##"<rect x="\##(x0)" y="\##(top)" width="\##(panelWidth)" height="\##(panelHeight)" fill="none" stroke="#888"/>"##)
            svg.append(##"<text x="\##(x0)" y="\##(top - 8)" font-weight="bold">\##(escape(workload.title))</text>"##)
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
                let color = Self.colors[peer] ?? "#333"
                let width = peer == .safeBox ? 3.5 : 1.6
                svg.append(##"<polyline fill="none" stroke="\##(color)" stroke-width="\##(width)" points="\##(points.joined(separator: " "))"/>"##)
                for point in points {
                    let xy = point.split(separator: ",")
                    svg.append(##"<circle cx="\##(xy[0])" cy="\##(xy[1])" r="2.5" fill="\##(color)"/>"##)
                }
            }
        }
        let legendX = left + Double(workloads.count) * (panelWidth + gap) - 20
        for (index, peer) in peers.enumerated() {
            let yy = top + 10 + Double(index) * 20
            let color = Self.colors[peer] ?? "#333"
            svg.append(##"<line x1="\##(legendX)" y1="\##(yy)" x2="\##(legendX + 24)" y2="\##(yy)" stroke="\##(color)" stroke-width="\##(peer == .safeBox ? 3.5 : 2)"/>"##)
            svg.append(##"<text x="\##(legendX + 30)" y="\##(yy + 4)">\##(escape(peer.rawValue))</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    func label(_ value: Double) -> String {
        value >= 1 ? String(format: "%.0f", value) : String(format: "%g", value)
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
