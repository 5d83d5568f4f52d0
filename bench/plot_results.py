"""Plot the committed benchmark results (bench/results/*.json) as PNG files.

Usage: python bench/plot_results.py [--results bench/results]

Writes apply.png (apply vs rebuild per graph and thread count, and throughput by batch size),
mm_read.png (MB/s per file for dynG on 1 and 2 threads and for scipy.io.mmread), python_api.png,
sssp.png (compute against scipy, NetworKit and igraph; update against recomputing),
sssp_peers.png (update against NetworKit's DynDijkstra on the same batches) and
cycle_count.png (compute against networkx and igraph; update against compute). Nothing is
measured: every plot comes from the committed JSON alone.

Each title names the machine and the date the results were measured on, as the JSON records
them (`machine`, `cpus`, `date`, and per-row `measured` / `peers_measured` dates); for a file
without a date, the date it was last committed (or today, when it has uncommitted changes),
marked "(committed)". What a file does not record is said to be "not recorded", never filled in
from the machine that draws the plot.
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import subprocess
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def committed_on(path: pathlib.Path) -> str:
    """The date the results file was last committed, or today when it has changes."""
    try:
        dirty = subprocess.run(
            ["git", "status", "--porcelain", path.name],
            cwd=path.parent,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if not dirty:
            date = subprocess.run(
                ["git", "log", "-1", "--format=%cs", "--", path.name],
                cwd=path.parent,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
            if date:
                return date
    except (OSError, subprocess.CalledProcessError):
        pass
    return datetime.date.today().isoformat()


def measured_on(data: dict[str, Any], path: pathlib.Path) -> str:
    """The date the results were measured: the file's own ``date`` (its day), else the date
    it was committed, marked as such."""
    date = data.get("date")
    if isinstance(date, str) and date:
        return date.split()[0]
    return f"{committed_on(path)} (committed)"


def span(dates: list[str]) -> str:
    """'2026-12-02' or '2026-12-02 to 2026-12-03' for a list of ISO dates."""
    days = sorted(set(dates))
    return days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"


def machine_of(data: dict[str, Any]) -> str:
    """What the file records of the machine: architecture, CPUs (or hardware threads)."""
    arch = data.get("machine")
    cpus = data.get("cpus", data.get("cpu_count"))
    parts = [str(arch) if arch else "architecture not recorded"]
    if cpus:
        parts.append(f"{cpus} CPUs")
    elif data.get("hardware_threads"):
        parts.append(f"{data['hardware_threads']} hardware threads")
    return ", ".join(parts)


def plot_apply(results: pathlib.Path) -> pathlib.Path:
    path = results / "apply.json"
    data = json.loads(path.read_text())
    runs = data["runs"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    labels, ratios, colors = [], [], []
    for run in runs:
        name = run["graph"]["generator"]
        for row in run["apply_vs_rebuild"]["rows"]:
            labels.append(f"{name}\n{row['threads']} thread{'s' if row['threads'] > 1 else ''}")
            ratios.append(row["ratio"])
            colors.append("tab:blue" if row["threads"] == 1 else "tab:orange")
    target = runs[0]["apply_vs_rebuild"]["target_ratio"]
    left.bar(labels, ratios, color=colors)
    left.axhline(target, color="tab:red", linestyle="--", label=f"target {target:g}x")
    left.set_ylabel("rebuild time / apply time")
    left.set_title(f"{runs[0]['apply_vs_rebuild']['batch_changes']:,}-change batch")
    left.legend()
    for run in runs:
        for threads in (1, 2):
            rows = [r for r in run["throughput"] if r["threads"] == threads]
            if rows:
                right.plot(
                    [r["changes"] for r in rows],
                    [r["changes_per_second"] for r in rows],
                    marker="o",
                    label=f"{run['graph']['generator']}, {threads} thr.",
                )
    right.set_xscale("log")
    right.set_xlabel("changes per batch")
    right.set_ylabel("changes / s")
    right.set_title("apply throughput")
    right.legend(fontsize=8)
    fig.suptitle(
        f"dynG {data['dyng_version']} apply: {machine_of(data)}, gcc {data['compiler']}; "
        f"measured {measured_on(data, path)}"
    )
    fig.tight_layout()
    out = results / "apply.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_mm_read(results: pathlib.Path) -> pathlib.Path:
    path = results / "mm_read.json"
    data = json.loads(path.read_text())
    rows = data["rows"]
    fig, ax = plt.subplots(figsize=(11, 4.2))
    x = range(len(rows))
    width = 0.2
    series = [
        ("dyng_1t_MBps", "dynG, 1 thread"),
        ("scipy_1t_MBps", f"scipy.io.mmread {data['scipy']}, 1 thread"),
        ("dyng_2t_MBps", "dynG, 2 threads"),
        ("scipy_MBps", f"scipy.io.mmread {data['scipy']}, 2 threads"),
    ]
    # runs before 2026-12-04 timed scipy on its default threads only
    series = [(key, label) for key, label in series if all(key in r for r in rows)]
    for k, (key, label) in enumerate(series):
        offset = (k - (len(series) - 1) / 2) * width
        ax.bar([i + offset for i in x], [r[key] for r in rows], width, label=label)
    ax.set_xticks(list(x), [r["file"].replace(".mtx", "") for r in rows], fontsize=8)
    ax.set_ylabel("MB/s of Matrix Market text")
    top = max(r[key] for r in rows for key, _ in series)
    ax.set_ylim(0, top * 1.4)  # room for the legend above the bars
    ax.legend(fontsize=8, ncols=2, loc="upper left")
    ax.set_title(f"Matrix Market reading: {machine_of(data)}; measured {measured_on(data, path)}")
    fig.tight_layout()
    out = results / "mm_read.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_python_api(results: pathlib.Path) -> pathlib.Path:
    path = results / "python_api.json"
    data = json.loads(path.read_text())
    a, b = data["apply_1_edge"], data["from_edges"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.bar(["C", "Python"], [a["c_us"], a["python_us"]], color=["tab:blue", "tab:orange"])
    left.set_ylabel("microseconds per call")
    left.set_title(f"apply a 1-edge batch (Python adds {a['added_us']:.2f} us)", fontsize=10)
    labels = ["C", "Python", "Python,\nout-CSR only", "scipy\ncsr_matrix"]
    threads = data["default_threads"]
    right.bar(
        [i - 0.2 for i in range(3)],
        [b["c_ms"], b["python_ms"], float("nan")],
        0.4,
        label=f"{threads} threads",
    )
    right.bar(
        [i + 0.2 for i in range(4)],
        [
            b["c_sequential_ms"],
            b["python_sequential_ms"],
            b["python_out_only_sequential_ms"],
            b["scipy_csr_matrix_ms"] or float("nan"),
        ],
        0.4,
        label="1 thread",
    )
    right.set_xticks(range(4), labels, fontsize=8)
    right.set_ylabel("milliseconds")
    right.set_title(f"from_edges, {b['edges']:,} edges (out- and in-CSR)", fontsize=10)
    right.legend()
    fig.suptitle(
        f"The Python layer: {machine_of(data)}; measured {measured_on(data, path)}",
        fontsize=11,
    )
    fig.tight_layout()
    out = results / "python_api.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_sssp(results: pathlib.Path) -> pathlib.Path:
    """Compute against the peers (sssp_peers.json) and update against recomputing (sssp.json)."""
    peers_path, own_path = results / "sssp_peers.json", results / "sssp.json"
    peers = json.loads(peers_path.read_text())
    own = json.loads(own_path.read_text())
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.6))
    graphs = [r["graph"] for r in peers["compute"]]
    series = [
        ("dyng_1t_ms", "dynG, 1 thread"),
        ("dyng_2t_auto_ms", "dynG, 2 threads"),
        ("scipy_ms", "scipy"),
        ("networkit_ms", "NetworKit"),
        ("igraph_ms", "igraph"),
    ]
    width = 0.8 / len(series)
    for k, (key, label) in enumerate(series):
        left.bar(
            [i + (k - len(series) / 2 + 0.5) * width for i in range(len(graphs))],
            [r[key] for r in peers["compute"]],
            width,
            label=label,
        )
    left.set_xticks(range(len(graphs)), graphs, fontsize=8)
    left.set_yscale("log")
    left.set_ylabel("milliseconds (log)")
    left.set_title("compute: one shortest-path tree", fontsize=10)
    left.legend(fontsize=8)
    for name in dict.fromkeys(r["graph"] for r in own["update"]):
        for kind, style in (("random pairs", "--"), ("local", "-")):
            rows = [r for r in own["update"] if r["graph"] == name and r["insertions"] == kind]
            if rows:
                right.plot(
                    [r["batch"] for r in rows],
                    [r["recompute_over_update"] for r in rows],
                    style,
                    marker="o",
                    label=f"{name}, {kind}",
                )
    right.axhline(1.0, color="grey", linewidth=0.8)
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_xlabel("changes per batch (half deletions)")
    right.set_ylabel("(apply + compute) / update")
    right.set_title("update against recomputing", fontsize=10)
    right.legend(fontsize=7)
    fig.suptitle(
        f"sssp: {machine_of(peers)}; compute measured {measured_on(peers, peers_path)} "
        f"(sssp_peers.json), update {measured_on(own, own_path)} (sssp.json, {machine_of(own)})",
        fontsize=10,
    )
    fig.tight_layout()
    out = results / "sssp.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_sssp_peers(results: pathlib.Path) -> pathlib.Path:
    """Update against NetworKit's DynDijkstra on the same insertion-only batches
    (sssp_peers.json), with dynG's recomputation for scale; a DynDijkstra result that differs
    from a static Dijkstra is marked."""
    path = results / "sssp_peers.json"
    data = json.loads(path.read_text())
    rows = data["update"]
    fig, ax = plt.subplots(figsize=(10, 4.4))
    series = [
        ("dyng_update_ms", "dynG sssp.update"),
        ("networkit_dyndijkstra_ms", f"NetworKit {data.get('networkit', '')} DynDijkstra"),
        ("dyng_compute_ms", "dynG sssp.compute (recomputing)"),
    ]
    width = 0.8 / len(series)
    for k, (key, label) in enumerate(series):
        xs = [i + (k - len(series) / 2 + 0.5) * width for i in range(len(rows))]
        bars = ax.bar(xs, [r[key] for r in rows], width, label=label, color=f"C{k}")
        if key == "networkit_dyndijkstra_ms":
            for bar, r in zip(bars, rows, strict=True):
                if not r["same_distances"]:
                    bar.set_hatch("xx")
                    ax.text(
                        bar.get_x() + bar.get_width() / 2,
                        bar.get_height() * 1.15,
                        "wrong\ndistances",
                        fontsize=7,
                        ha="center",
                        color="C1",
                    )
    ax.set_xticks(
        range(len(rows)),
        [f"{r['graph']}\n{r['batch']:,} insertions" for r in rows],
        fontsize=8,
    )
    ax.set_yscale("log")
    ax.set_ylabel("milliseconds (log)")
    ax.set_ylim(top=max(r["dyng_compute_ms"] for r in rows) * 12)
    ax.set_title(
        "update one shortest-path tree by a batch of new edges (medians; hatched: distances "
        "differ from a static Dijkstra)",
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper right")
    fig.suptitle(
        f"sssp against NetworKit: {machine_of(data)}; measured {measured_on(data, path)}",
        fontsize=10,
    )
    fig.tight_layout()
    out = results / "sssp_peers.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_cycle_count(results: pathlib.Path) -> pathlib.Path:
    """Compute against networkx and igraph per graph and k (log scale, a peer past the limit drawn
    at the limit with a hatch), and update against compute by batch size."""
    path = results / "cycle_count.json"
    data = json.loads(path.read_text())
    rows, limit = data["compute"], data["peer_seconds"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8), gridspec_kw={"width_ratios": [3, 1]})
    series = [
        ("dyng_1t_s", "dynG, 1 thread", None),
        ("dyng_2t_s", "dynG, 2 threads", None),
        ("networkx_s", "networkx", "networkx_finished"),
        ("igraph_s", "igraph", "igraph_finished"),
    ]
    width = 0.8 / len(series)
    for k, (key, label, finished) in enumerate(series):
        xs = [i + (k - len(series) / 2 + 0.5) * width for i in range(len(rows))]
        status = [r.get(key.replace("_s", "_status"), "finished") for r in rows]
        # a finished run at its time, a timeout at the limit (hatched), out of memory as a mark
        heights = [
            r[key] if st == "finished" else (limit if st.startswith("timeout") else float("nan"))
            for r, st in zip(rows, status, strict=True)
        ]
        bars = left.bar(xs, heights, width, label=label, color=f"C{k}")
        if finished:
            for bar, x, r, st in zip(bars, xs, rows, status, strict=True):
                if not r[finished] and st.startswith("timeout"):
                    bar.set_hatch("//")
                    bar.set_alpha(0.45)
                elif not r[finished]:
                    left.text(
                        x,
                        limit / 30,
                        "out of memory",
                        fontsize=7,
                        ha="center",
                        rotation=90,
                        color=f"C{k}",
                    )
    left.axhline(limit, color="grey", linewidth=0.8, linestyle=":")
    left.text(
        len(rows) - 0.5,
        limit,
        f"peer limit {limit:.0f} s (hatched: past it)",
        fontsize=7,
        ha="right",
        va="bottom",
    )
    short = {
        "pgp-strong-2009": "pgp",
        "email-Enron": "Enron",
        "luxembourg_osm": "lux",
        "rmat_14": "R-MAT 14",
    }
    left.set_xticks(
        range(len(rows)),
        [f"{short.get(r['graph'], r['graph'])}\nk={r['k']}" for r in rows],
        fontsize=7,
    )
    left.set_yscale("log")
    left.set_ylabel("seconds (log)")
    left.set_title("compute: cycles of length up to k, counted by length", fontsize=10)
    left.set_ylim(top=limit * 40)
    left.legend(fontsize=8, loc="upper left", ncol=4)
    update = data["update"]
    right.plot(
        [int(r["batch"].split("+")[0]) for r in update],
        [r.get("recompute_over_update", r["compute_over_update"]) for r in update],
        marker="o",
    )
    right.axhline(1.0, color="grey", linewidth=0.8)
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_xlabel("insertions per batch (as many deletions)")
    right.set_ylabel("(apply + compute) / update")
    right.set_title("update, pgp-strong-2009, k = 4", fontsize=10)
    file_date = measured_on(data, path)
    own_dates = [r["measured"] for r in rows if r.get("measured")]
    peer_dates = [r["peers_measured"] for r in rows if r.get("peers_measured")]
    update_dates = [r["measured"] for r in update if r.get("measured")]
    if len(update_dates) == len(update):
        update_date = f"measured {span(update_dates)}"
    else:
        update_date = f"date not recorded (the file is dated {file_date})"
    own = span(own_dates) if len(own_dates) == len(rows) else file_date
    peer = span(peer_dates) if len(peer_dates) == len(rows) else file_date
    fig.suptitle(
        f"cycle_count: {machine_of(data)}\ncompute: dynG measured {own}, networkx and igraph "
        f"{peer}; update: {update_date}",
        fontsize=10,
    )
    fig.tight_layout()
    out = results / "cycle_count.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=pathlib.Path, default=pathlib.Path("bench/results"))
    args = parser.parse_args()
    plots = (
        plot_apply,
        plot_mm_read,
        plot_python_api,
        plot_sssp,
        plot_sssp_peers,
        plot_cycle_count,
    )
    for plot in plots:
        print(f"wrote {plot(args.results)}")


if __name__ == "__main__":
    main()
