"""Third batch of regression pages, written after the batch-2 fixes and committed with their
gold before the extractor ran on them. Run: python tests/golden/regression/build_pages_b3.py
"""
from __future__ import annotations

from build_pages import write_pages  # run as a script from this folder

PAGES: dict[str, str] = {}

PAGES["b3_en_tpu_v4_list.txt"] = """Skip to main content | Menu | Search
Google’s TPU v4 pods post MLPerf 1.0 records
By Staff | June 30, 2021 | Tags: TPU, MLPerf, A100
Google’s TPU v4 results in MLPerf Training 1.0, at a glance:
1. BERT: 0.82 minutes on 4,096 TPU v4 chips
2. ResNet-50: 0.48 minutes on 4,096 TPU v4 chips
3. Mask R-CNN: 3.8 minutes
• DLRM: 0.39 minutes on 128 chips
Across the benchmarks, TPU v4 was 1.2x to 1.7x faster than the A100-based submissions, Google says.
A TPU v4 pod holds 4,096 chips and delivers more than 1 exaFLOPS of peak compute; each chip offers 275 TFLOPS of bf16.
Per chip, TPU v4 used ~1.3x less power than the A100 on comparable jobs.
Footnote 3: results 1.0-1067, 1.0-1068 (Closed division, Research category). Updated 07/01/2021.
"""

PAGES["b3_zh_hant_gaudi2_price.txt"] = """Intel Gaudi2 在台開賣 單卡報價曝光
2023/09/21 15:40 經濟日報 記者陳宜君/台北報導
英特爾今(21)日宣布Gaudi2加速器在台開賣,業界人士透露,8卡伺服器報價約新台幣1,000萬元,單卡約40萬元。
英特爾指出,Gaudi2在GPT-3訓練上的每瓦效能比A100高出約2倍,在Stable Diffusion推論上延遲降低30%。
Gaudi2搭載96GB HBM2E記憶體,TDP為600瓦。
在MLPerf Training 3.0中,由384顆Gaudi2組成的系統完成GPT-3訓練只需311.9分鐘。
英特爾預計,明年推出的Gaudi3將把AI算力提升至4倍、記憶體頻寬提升至1.5倍。
英特爾台灣區總經理表示,今年已有超過20家台灣企業導入Gaudi2。
(本報訊)更多新聞請見 money.udn.example/money/story/5612/7453211
"""

PAGES["b3_ko_rebel_table.txt"] = """리벨리온, 차세대 칩 'REBEL' 사양 공개
2024.06.20 16:45 | IT·과학 | 기자 한지민
리벨리온은 20일 차세대 AI 반도체 REBEL의 사양을 공개했다.
REBEL은 HBM3E 메모리 144GB를 탑재하며, 메모리 대역폭은 최대 4.8TB/s에 이른다.
회사는 REBEL이 Llama 3 70B 추론에서 H100보다 최대 2배 높은 전력 효율을 낼 것이라고 밝혔다.
전 세대 칩인 ATOM과 비교하면 추론 성능은 약 4배 향상됐다.
주요 사양은 다음과 같다.
항목	ATOM	REBEL
메모리(GB)	16	144
전력(W)	60	350
리벨리온은 REBEL 양산을 위해 약 1,500억 원을 투자할 계획이며, 시장 점유율 10% 이상을 목표로 한다.
▶ 관련기사: 리벨리온, 사피온과 합병 추진 (2024.06.12)
"""

PAGES["b3_en_h100_vs_mi300x_blog.txt"] = """<nav>Blog / Benchmarks / LLM inference</nav>
<style>.post{max-width:720px}</style>
H100 vs MI300X for Llama 2 70B inference: our numbers
Posted by the infra team · 8 min read · v2 of this post (first published 2024-01-10)
We ran Llama 2 70B on two 8-GPU servers: one with H100 SXM GPUs, one with MI300X.
At batch size 64, the MI300X server reached 2,700 tokens/s, versus 2,250 tokens/s for the H100 server – a 20% advantage.
At batch size 1, though, the H100 server answered in 28 ms per token against 34 ms on the MI300X.
The MI300X’s 192 GB lets the whole 70B model fit on a single GPU, whereas the H100 (80 GB) needs at least two.
Renting the MI300X server cost us $2.10 per GPU-hour; the H100 server was 10% cheaper.
Setup: vLLM 0.4.1, ROCm 6.1, CUDA 12.4, driver 550.54.14; 3 runs each, median reported.
"""


def main() -> None:
    write_pages(PAGES)


if __name__ == "__main__":
    main()
