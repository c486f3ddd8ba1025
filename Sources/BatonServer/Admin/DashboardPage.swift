import BatonCore
import Foundation
import JobQueue
import Journey

/// The HTML of `GET /admin`: the date range form, the funnel's totals, eight
/// server-rendered SVG charts (the stage funnel and its drop-off among
/// them, in the chosen view: flow or cohort), in a cohort how soon its
/// invites reached each stage, the chosen breakdown (top groups and
/// "other") and two tables (busiest families, jobs), under the navigation
/// of every admin page (``AdminLayout/navigation(current:)``). Readable at
/// 390 px: charts and tables share the width down to one column, and a
/// table wider than the screen scrolls inside its own box.
///
/// No script, font or stylesheet is loaded (the server's CSP allows inline
/// styles and `data:` images only). The page is ``HTML``: every untrusted
/// value (family ids and names, job kinds, the form's echoed input) is
/// escaped as it is interpolated, hidden characters such as U+202E made
/// visible as `\u{202E}`.
struct DashboardPage {
    /// What the form fields show: the input as sent when it was refused,
    /// else the range the page covers.
    let fields: DashboardForm
    /// The refusal of the form's input, shown next to the form; no data then.
    let error: FunnelError?
    let data: DashboardData?

    var html: HTML {
        """
        \(HTMLPage.opening(title: "Baton admin"))<style>\(Self.css)</style>
        </head>
        <body>
        <header>\(AdminLayout.navigation(current: "/admin"))<h1>Baton admin</h1>\(subtitle)</header>
        <main>
        \(form)\(data.map(sections) ?? .empty)</main>
        </body>
        </html>

        """
    }

    private var subtitle: HTML {
        guard let data else { return "<p>Redemption funnel and queue health.</p>" }
        let query = data.report.query
        let family: HTML = query.familyID.map { "family <code>\($0)</code>" } ?? "all families"
        return """
            <p>Funnel from \(DisplayFormat.minute(query.from)) to \(DisplayFormat.minute(query.to)), \
            per \(query.interval.rawValue), \(family). All times UTC; generated \(DisplayFormat.minute(data.generatedAt)).</p>
            <p id="journey-view">Journey as \(Self.summary(of: data.view)).</p>
            """
    }

    /// What each view counts, as the captions and the subtitle name it.
    static func summary(of view: FunnelView) -> String {
        switch view {
        case .flow: "flow: invites that first reached each stage in the range"
        case .cohort: "cohort: invites issued in the range, and how many of them reached each stage"
        }
    }

    private var form: HTML {
        let alert: HTML = error.map { "<p class=\"error\" role=\"alert\" id=\"form-error\">\($0.message)</p>\n" } ?? .empty
        let described: HTML = error == nil ? "" : " aria-describedby=\"form-error\""
        return """
            <form method="get" action="/admin" class="picker"\(described)>
            <label>From <input type="date" name="from" value="\(fields.from)"></label>
            <label>To <input type="date" name="to" value="\(fields.to)"></label>
            <label>Interval <select name="interval">\(Self.options(FunnelInterval.self, selected: fields.interval))</select></label>
            <label>Family id <input type="text" name="family_id" maxlength="128" value="\(fields.familyID)" placeholder="all"></label>
            <label>View <select name="view">\(Self.options(FunnelView.self, selected: fields.view))</select></label>
            <label>Breakdown <select name="group_by">\(Self.options(FunnelGrouping.self, selected: fields.groupBy))</select></label>
            <button type="submit">Show</button>
            </form>
            \(alert)
            """
    }

    /// One `<option>` per case of `Choice`, the one named `selected` marked so.
    private static func options<Choice: RawRepresentable<String> & CaseIterable>(_: Choice.Type, selected: String) -> HTML {
        Choice.allCases.map { choice -> HTML in
            let marked: HTML = choice.rawValue == selected ? " selected" : ""
            return "<option value=\"\(choice.rawValue)\"\(marked)>\(choice.rawValue)</option>"
        }.joined()
    }

    private func sections(_ data: DashboardData) -> HTML {
        let tally = data.report.totals.tally
        let conversion = tally.counts.conversion
        let latency = data.report.totals.timeToRedeem
        let tiles = [
            ("Issued", String(tally.counts.issued)), ("Previewed", String(tally.counts.previewed)),
            ("Redeemed", String(tally.counts.redeemed)), ("Expired", String(tally.counts.expired)),
            ("Revoked", String(tally.counts.revoked)), ("Previewed / issued", DisplayFormat.percent(conversion.previewedOfIssued)),
            ("Redeemed / previewed", DisplayFormat.percent(conversion.redeemedOfPreviewed)),
            ("Redeemed / issued", DisplayFormat.percent(conversion.redeemedOfIssued)),
            ("Time to redeem p50", DisplayFormat.duration(latency.p50Seconds)), ("p90", DisplayFormat.duration(latency.p90Seconds)),
            ("p99", DisplayFormat.duration(latency.p99Seconds)),
        ].map { label, value -> HTML in "<dl class=\"tile\"><dt>\(label)</dt><dd>\(value)</dd></dl>" }.joined()
        let rejections = data.rejectionChart.map { figure("Top rejection reasons", $0) } ?? Self.rejectionsPerFamilyNote
        return """
            <section class="tiles" aria-label="Totals">\(tiles)</section>
            <section class="charts" aria-label="Charts">
            \(figure("Funnel over time", data.funnelChart))\(figure("Conversion over time", data.conversionChart))\
            \(figure("Time to redeem (\(latency.count) redemptions)", data.timeToRedeemChart))\(rejections)\
            \(figure("Redemptions by channel", data.channelChart))\(figure("Queue health: jobs by state and kind", data.queueChart))\
            \(figure("Stage funnel, \(Self.summary(of: data.view))", data.stageFunnelChart))\
            \(figure("Drop-off between stages, \(data.view.rawValue)", data.dropOffChart))
            </section>
            <section class="tables" aria-label="Breakdown">
            \(data.journeyTotals.reached.map { reachTable($0, issued: data.journeyTotals.stages[.issued] ?? 0) } ?? .empty)\
            \(breakdownTable(data.report.query.groupBy ?? DashboardForm.defaultGrouping, data.breakdown, view: data.view))
            </section>
            <section class="tables">
            \(familyTable(data.families))\(jobTable(data.jobs))
            </section>

            """
    }

    private func figure(_ caption: String, _ chart: SVGChart) -> HTML {
        "<figure><figcaption>\(caption)</figcaption>\(chart.svg)</figure>\n"
    }

    /// A cohort's pace: per funnel stage past issue, the invites issued in
    /// the range that reached it, and their share of `issued` within 1 h,
    /// 1 d and 7 d of issue and ever.
    private func reachTable(_ reached: [InviteStage: StageReach], issued: Int) -> HTML {
        let rows = InviteStage.funnel.dropFirst().map { stage -> HTML in
            let reach = reached[stage] ?? StageReach()
            let shares = [reach.within1h, reach.within1d, reach.within7d, reach.ever].map { count -> HTML in
                "<td class=\"number\">\(DisplayFormat.percent(issued == 0 ? nil : Double(count) / Double(issued)))</td>"
            }
            return "<tr><td>\(stage.rawValue)</td><td class=\"number\">\(reach.ever)</td>\(shares.joined())</tr>"
        }
        return table(
            "Cohort: how soon the \(issued) invites issued reached each stage",
            head: ["Stage", "Invites", "Within 1 h", "Within 1 d", "Within 7 d", "Ever"], rows: rows)
    }

    /// The breakdown: per group, the invites at each funnel stage in `view`
    /// and the share redeemed of those issued.
    private func breakdownTable(_ grouping: FunnelGrouping, _ groups: [JourneyGroup], view: FunnelView) -> HTML {
        let rows = groups.filter { $0.totals.stages.values.contains { $0 > 0 } }.map { group -> HTML in
            let name: HTML =
                group.isOther
                ? "<span class=\"note\">other</span>"
                : group.key.map { "<code>\($0)</code>" } ?? "<span class=\"note\">none</span>"
            let cells = InviteStage.funnel.map { stage -> HTML in "<td class=\"number\">\(group.totals.stages[stage] ?? 0)</td>" }.joined()
            return
                "<tr><td>\(name)</td>\(cells)<td class=\"number\">\(DisplayFormat.percent(group.totals.share(.redeemed, of: .issued)))</td></tr>"
        }
        return table(
            "By \(grouping.rawValue) (top \(DashboardData.breakdownLimit)), \(view.rawValue)",
            head: [grouping.rawValue.capitalized] + InviteStage.funnel.map(\.rawValue) + ["Redeemed / issued"], rows: rows)
    }

    private func familyTable(_ families: [FamilyActivity]) -> HTML {
        let rows = families.map { family -> HTML in
            let name = family.familyName.map(HTML.init(text:)) ?? "<span class=\"note\">unknown</span>"
            return "<tr><td><code>\(family.familyID)</code></td><td>\(name)</td>"
                + "<td class=\"number\">\(family.issued)</td><td class=\"number\">\(family.redeemed)</td></tr>"
        }
        return table("Busiest families", head: ["Family id", "Family name", "Issued", "Redeemed"], rows: rows)
    }

    private func jobTable(_ jobs: [JobCount]) -> HTML {
        let rows = jobs.map { job -> HTML in
            "<tr><td><code>\(job.kind)</code></td><td>\(job.state.rawValue)</td><td class=\"number\">\(job.count)</td>"
                + "<td>\(job.oldestScheduledAt.map(DisplayFormat.minute) ?? "–")</td></tr>"
        }
        return table("Jobs", head: ["Kind", "State", "Count", "Oldest scheduled"], rows: rows)
    }

    private func table(_ caption: String, head: [String], rows: [HTML]) -> HTML {
        AdminLayout.table(caption: caption, head: head, rows: rows, empty: "None in this range.")
    }

    private static let rejectionsPerFamilyNote: HTML = """
        <figure><figcaption>Top rejection reasons</figcaption><p class="note">Refusals are counted for all families together; \
        clear the family id to see them.</p></figure>

        """

    private static let css: HTML = """
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f4f6fa}\
        header{background:#1d2330;color:#fff;padding:.9rem 1.5rem}header h1{margin:0;font-size:1.35rem}\
        header p{margin:.2rem 0 0;color:#c9d1e0;font-size:.9rem}main{max-width:1240px;margin:0 auto;padding:1rem 1.5rem 2rem}\
        nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0 0 .5rem;padding:0}\
        nav a{color:#c9d1e0}\
        .picker{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;background:#fff;padding:.75rem 1rem;border-radius:8px}\
        .picker label{display:flex;flex-direction:column;font-size:.8rem;color:#4a5468}\
        input,select,button{font:inherit;padding:.3rem .45rem;border:1px solid #b8c0cf;border-radius:5px}\
        button{background:#2f6fde;color:#fff;border-color:#2f6fde;cursor:pointer}\
        .error{background:#fdecea;border:1px solid #c9453b;color:#8c1d14;padding:.5rem .8rem;border-radius:6px}\
        .tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(100px,1fr));gap:.5rem;margin:1rem 0}\
        .tile{background:#fff;border-radius:8px;padding:.55rem .8rem;margin:0}.tile dt{font-size:.75rem;color:#4a5468}\
        .tile dd{margin:0;font-size:1.25rem;font-weight:600}\
        .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(520px,100%),1fr));gap:1rem}\
        .charts>*,.tables>*{min-width:0}\
        figure{margin:0;background:#fff;border-radius:8px;padding:.7rem}figcaption{font-weight:600;margin-bottom:.3rem}\
        .chart{width:100%;max-width:100%;height:auto;display:block}.chart .grid{stroke:#e3e7ee}\
        .chart text{font-size:11px;fill:#4a5468}.chart .empty{font-size:14px;fill:#8a93a5}\
        .tables{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(520px,100%),1fr));gap:1rem;margin-top:1rem;align-items:start}\
        .table{overflow-x:auto}\
        table{border-collapse:collapse;background:#fff;border-radius:8px;width:100%}\
        caption{text-align:left;font-weight:600;padding:.5rem 0}th,td{padding:.35rem .6rem;border-bottom:1px solid #e3e7ee;text-align:left}\
        .number{text-align:right;font-variant-numeric:tabular-nums}.note{color:#6b7480}code{font-size:.9em}
        """
}
