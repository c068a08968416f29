"""Writes the regression pages in pages/ from the clean texts below, applying the damage
the product meets on the web (so the damage is reproducible and reviewable).

Run: python tests/golden/regression/build_pages.py   (deterministic; no network)

The pages are NOT rewrites of the seed corpus: other vendors, workloads, sentence shapes.
Gold for them is in claims.csv, annotated by hand from these texts (CLAIMS.md).
"""
from __future__ import annotations

import random
from pathlib import Path

HERE = Path(__file__).parent


def gbk_mojibake(s: str) -> str:
    """UTF-8 bytes read as GBK: what a scraper produces with the wrong codec."""
    return s.encode("utf-8").decode("gbk", errors="replace")


def lose_letters(s: str) -> str:
    """Every non-ASCII letter becomes '?' (a page pushed through an ASCII-only store)."""
    return s.encode("ascii", "replace").decode("ascii")


PAGES: dict[str, str] = {}

PAGES["en_nvidia_training_v3.txt"] = """<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js', new Date());gtag('config','G-7XK2Q9');</script>
<div class="nav"><a href="/blog/">Blog</a> | <a href="/press/2023/06/">Press</a> | <a href="/careers">Careers</a></div>
NVIDIA H100 Sweeps MLPerf Training 3.0 With New LLM Benchmark
June 27, 2023 by Dave Salvator
Share: https://blogs.example.com/blog/2023/06/27/mlperf-training-h100/?utm_source=twitter&utm_id=88213
In the latest round of MLPerf Training (version 3.0), a cluster of 3,584 H100 GPUs built with CoreWeave completed the new GPT-3 175B benchmark in just 10.94 minutes.
The same H100 system trained BERT-Large in 0.13 minutes and the DLRM-dcnv2 recommender in 1.61 minutes.
Compared with the A100 submission a year ago, H100 delivered up to 3.1x more performance per accelerator on BERT-Large.
Scaling the GPT-3 run from 768 to 3,584 GPUs cut its time from 44.8 minutes to 10.94 minutes, a scaling efficiency of 93 percent.
<img src="/content/dam/en-zz/Solutions/mlperf-v3-chart-1920x1080.png" alt="chart">
H100 results at a glance
| Benchmark | GPUs | Time to train (minutes) |
| RetinaNet | 768 | 1.51 |
| 3D U-Net | 432 | 0.82 |
| Stable Diffusion | 1,024 | 2.47 |
Each H100 SXM carries 80GB of HBM3 memory and draws up to 700 W.
MLPerf ID 3.0-2069 and 3.0-2070. Source: mlcommons.org, retrieved 2023-06-28.
<script type="text/javascript">var _paq = _paq || []; _paq.push(['trackPageView']); (function(){var u="//stats.example.com/";_paq.push(['setSiteId', '17']);})();</script>
Related: Section 2 of the MLPerf rules, version 3.0.1 (PDF)
"""

PAGES["en_tpu_v5e_inference.txt"] = """Google Cloud TPU v5e: cost-efficient inference for large models
Posted September 11, 2023 | 6 min read | Cloud Blog > AI & Machine Learning
Google says its new Cloud TPU v5e delivers up to 2.3x better inference performance per dollar than TPU v4.
BEST CASINO BONUS 2023 >>> claim 500 free spins now at luckyspin-88.example <<<
In the MLPerf Inference v3.1 round, a TPU v5e pod served Llama 2 70B at 2,100 tokens/s per chip.
A single TPU v5e chip offers 197 TFLOPS of bf16 compute and 16 GB of HBM2e memory with 819 GB/s of bandwidth.
Pods scale to 256 chips, for a total of more than 50 PFLOPS.
Pricing starts at $1.20 per chip-hour, roughly half the price of a TPU v4 chip.
Compared to TPU v4, training throughput per dollar doubled on GPT-3 style models.
Buy cheap followers instagram 1000 likes $5 - fastlikes.example
For latency-bound serving, the p99 latency on Stable Diffusion XL was 1.8 seconds per image at batch size 1.
Customers such as Midjourney moved 65% of their inference to TPU v5e.
Read more: cloud.google.com/tpu/docs/v5e (docs version 2023.09, file tpu_v5e_spec_sheet_v2.pdf)
"""

PAGES["en_gaudi2_training.txt"] = """Habana Labs Blog :: Gaudi2 results in MLPerf Training 3.0
Home / Blog / 2023 / 06 / gaudi2-mlperf-training-3-0
Intel's Gaudi2 accelerator trained GPT-3 in 311.9 minutes on 384 accelerators, and in 153.58 minutes on 768 accelerators.
That is near-linear scaling: doubling the accelerators gave a 2.03x speedup.
On BERT-Large, 8 Gaudi2 accelerators reached the target in 14.7 minutes, compared to 18.6 minutes for 8 A100 GPUs (about 21% faster).
Intel estimates Gaudi2 is 40% cheaper to run than an H100 system for this workload.
Each Gaudi2 has 96 GB of HBM2E memory and 24 integrated 100 Gbps RoCE ports.
Table 1. Gaudi2 time to train (minutes), MLPerf Training 3.0
Model\tAccelerators\tMinutes\tSoftware
ResNet-50\t8\t16.6\tSynapseAI 1.10
BERT-Large\t8\t14.7\tSynapseAI 1.10
Stable Diffusion\t64\t19.4\tSynapseAI 1.10
With FP8 support arriving in SynapseAI 1.11, Intel expects Gaudi2 to roughly double its GPT-3 training performance by the next round.
A Gaudi2 server with eight accelerators lists at about $200,000, against roughly $300,000 for a comparable H100 HGX server.
Notes: results 3.0-2055 to 3.0-2059, submitted 2023-05-05. Software: PyTorch 2.0.1, SynapseAI 1.10.0-494.
Copyright 2023 Intel Corporation. All rights reserved.
"""

PAGES["en_mi300x_launch.txt"] = """<html><head><title>AMD Instinct MI300X launch | TechNews</title><style>.ad{display:none}</style></head><body>
<div id="cookie">We use cookies. <button onclick="accept()">Accept</button></div>
AMD Instinct MI300X: 192GB of HBM3 to take on H100
December 6, 2023 - San Jose
AMD launched the Instinct MI300X accelerator with 192 GB of HBM3 memory and 5.3 TB/s of peak memory bandwidth.
AMD quotes 1.3 PFLOPS of peak FP16 compute, about 2.4 times the memory capacity of NVIDIA's H100.
In AMD's own tests on Llama 2 70B, an eight-GPU MI300X platform generated tokens with 40% lower latency than an H100 HGX platform.
The company measured a median latency of 1.7 seconds versus 2.5 seconds for the H100 system.
The MI300X is rated at 750 W, while the 8-GPU platform packs 1.5 TB of HBM3.
Analysts put the price between $10,000 and $15,000 per MI300X.
Follow us on X @technews_ai | Newsletter issue #482 | Page 2 of 3
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});})(window,document,'script','dataLayer','GTM-5FZ3N8');</script>
</body></html>
"""

PAGES["en_cerebras_graphcore_power.txt"] = """Wafer-scale and IPU systems: where the watts go
By Staff Writer, HPC Digest, 14 March 2022
Cerebras says a single CS-2 system draws about 23 kW and holds 850,000 AI-optimised cores with 40 GB of on-chip SRAM.
Graphcore's Bow Pod16 delivers 5.6 PFLOPS of AI compute, and the company claims it trains EfficientNet-B4 up to 40% faster than the previous IPU-POD 16.
A Bow Pod64 finished BERT-Large pre-training in under an hour, at 57 minutes, while the IPU-POD 64 needed 1.4 hours.
The Bow-2000 machine costs around $190,000 in its base configuration.
A dozen customers, including a national lab, have installed Bow Pod systems since the launch in March 2022.
In the two years from 2020 to 2022 the company released four SDK versions, SDK 2.1 through SDK 2.4.
Power matters as much as speed. An IPU-POD 16 rack draws roughly 7 kW at full load, and a Bow Pod16 about 7.5 kW.
Cerebras quotes a price of several million dollars for a CS-2, and says one CS-2 replaces a cluster of 100 GPUs for some workloads.
For comparison, a DGX A100 draws up to 6.5 kW and costs about $199,000.
The CS-2 trained a GPT-3 XL 1.3B model on a single system, something that needed 64 GPUs elsewhere.
Graphcore reports 3x the performance per watt of the previous generation on ResNet-50 for Bow Pod systems.
See also: part 3 of this series; figure 7; the 2022 ISC keynote slides (keynote_isc22_v3.pptx).
"""

PAGES["en_no_claims.txt"] = """MLPerf Inference v4.0: submission calendar and rules
Updated 2024-02-14 | Version 4.0.2 | Document ID MLC-INF-2024-017
1. Overview
The MLPerf Inference benchmark suite, version 4.0, includes ResNet-50, BERT-Large, RetinaNet, 3D U-Net, RNN-T, DLRM-dcnv2, GPT-J and Llama 2 70B.
2. Dates
Submissions open on February 16, 2024 and close on March 1, 2024 at 13:00 PT. Results are published on March 27, 2024.
3. Files
Download the checker from https://github.com/mlcommons/inference/releases/tag/v4.0 (file submission_checker_v4.0.py) and read rules section 5.2.
Systems named in past rounds include the H100, A100, L40S, TPU v5e and Gaudi2; see results 4.0-0012 to 4.0-0091.
4. Divisions
There are two divisions, Closed and Open, and three categories: Available, Preview and RDI. See rule 2.1.3 and appendix B.
Round history: v0.5 (2019), v0.7 (2020), v1.0 (2021), v1.1 (2021), v2.0 (2022), v2.1 (2022), v3.0 (2023), v3.1 (2023).
5. Contacts
Slides from the 2023-11-08 community meeting are in meeting_2023_11_08.pdf; minutes are in issue #1542.
Contact: inference-chairs@mlcommons.org. Phase 2 of the review starts in week 11.
"""

PAGES["zh_ascend_910b.txt"] = """华为昇腾910B(shēng téng)训练集群实测:性能提升1.8倍
发布时间:2023-10-12 09:30 来源:科技日报 编辑:李明 阅读:12034
据华为介绍,昇腾(shēng téng)910B芯片的半精度算力达到320 TFLOPS,功耗为310W。
在ResNet-50训练中,单台昇腾910B服务器每秒可处理约22000张图像,比上一代昇腾910快35%。
采用2048颗昇腾910B组成的集群训练GPT-3 175B,用时约为9.6天。
与同规模的A100集群相比,训练速度提升1.8倍。
每颗芯片配备64GB HBM2e内存,单卡售价约为12万元。
【广告】澳门新葡京 注册就送888元 www.xpj-88.example
在Llama 2 70B推理测试中,8卡服务器的首字延迟为120毫秒,吞吐量翻倍。
据悉,昇腾910B集群的线性度达到90%以上,华为计划2024年出货超过10万颗。
业内人士表示,与英伟达H100相比,昇腾910B在大模型训练上的性能约为其80%。
(lián xì wǒ men)如需转载请联系本站。
(本文图片来自华为官网,文件名ascend_910b_2023.jpg,版本号V2.3.1)
"""

PAGES["zh_b200_gb200.txt"] = """<div class="article-header"><span>首页 &gt; 硬件 &gt; GPU</span></div>
英伟达发布B200与GB200 NVL72:大模型推理性能提升30倍
2024年3月19日 来源:新浪科技
英伟达在GTC 2024大会上发布了Blackwell架构的B200 GPU,单卡拥有2080亿个晶体管和192GB HBM3e显存。
B200的FP4算力高达20 PFLOPS,显存带宽为8TB/s。
GB200 NVL72机柜包含72个B200 GPU和36个Grace CPU,整机AI算力达到1.4 EFLOPS。
与同等数量的H100相比,GB200 NVL72在GPT-MoE-1.8T模型上的推理性能最高提升30倍,能耗降低25倍。
在训练方面,B200的训练速度是H100的4倍,每瓦性能翻倍。
单台DGX B200系统的功耗约为14.3kW,售价超过50万美元。
英伟达表示,训练一个1.8万亿参数的模型,过去需要8000块H100 GPU、耗电15兆瓦,现在只需2000块B200 GPU、耗电4兆瓦。
GB200 NVL72通过第五代NVLink互连,带宽达到每秒130TB。
<script>var hmt = hmt || []; (function(){var hm=document.createElement("script"); hm.src="https://hm.example.com/hm.js?8f3c2a";})();</script>
相关阅读:《2024年GPU市场报告》第3章
"""

PAGES["zh_hant_tpu_v5p.txt"] = """Google發表TPU v5p:訓練大型語言模型速度提升2.8倍
2023年12月7日 記者王小華/台北報導
Google表示,新一代TPU v5p的單一Pod由8,960顆晶片組成,每顆晶片提供459 TFLOPS的bf16算力與95GB HBM記憶體。
與TPU v4相比,TPU v5p訓練GPT-3 175B的速度提升2.8倍。
加入Line好友領取iPhone15 限時免費!點擊 lin.example/abc123
TPU v5p的記憶體頻寬為每秒2,765GB,晶片間互連速度達4,800Gbps。
在Stable Diffusion訓練上,TPU v5p比TPU v4快約1.9倍。
Google Cloud的TPU v5p每晶片每小時價格為4.2美元,折合新台幣約135元。
Google同時表示,TPU v5e的推論性價比是TPU v4的2.3倍,並支援最多256顆晶片的叢集。
在MLPerf Training 3.1中,Google使用4,096顆TPU v5e完成GPT-3 175B的訓練,耗時約44分鐘。
分析師認為,TPU v5p將與NVIDIA H100正面競爭,2024年將有更多企業客戶採用。
(圖說:TPU v5p機櫃,圖檔 tpu_v5p_rack_1200x800.jpg)
"""

PAGES["zh_hant_gaudi3_table.txt"] = """Intel Gaudi 3 正面對決 NVIDIA H100:數據一覽
2024/04/10 科技新報 | 分類:半導體 | 標籤:Gaudi3, H100, AI加速器
Intel在Vision 2024大會上公布Gaudi 3加速器,宣稱訓練Llama 2 70B比H100快50%。
Gaudi 3配備128GB HBM2e記憶體,記憶體頻寬為3.7TB/s,BF16算力為1,835 TFLOPS。
以下為Intel公布的推理吞吐量比較(tokens/s):
| 模型 | H100 | Gaudi 3 | 差距 |
| Llama 2 70B | 2,700 | 3,400 | 1.26x |
| Llama 2 7B | 11,200 | 13,300 | 1.19x |
在能效方面,Gaudi 3的每瓦推理效能平均高出H100約40%。
Intel未公布售價,業界估計單顆Gaudi 3約為新台幣50萬元。
Intel表示,由8,192顆Gaudi 3組成的叢集,訓練GPT-3 175B的時間可比同規模H100叢集縮短40%。
Gaudi 3採用台積電5奈米製程,將於2024年第三季出貨,版本代號為HL-325L。
與上一代Gaudi2相比,Gaudi 3的AI運算能力提升4倍,網路頻寬翻倍,記憶體頻寬提升1.5倍。
延伸閱讀:第2頁 / 共3頁
"""

PAGES["ko_rebellions_atom.txt"] = """리벨리온 ATOM, MLPerf 추론서 성능 입증
입력 2023.04.06 14:20 | 수정 2023.04.06 15:02 | 기자 김지훈
AI 반도체 스타트업 리벨리온은 자사 추론용 칩 ATOM이 MLPerf 인퍼런스 v3.0에서 BERT-Large 기준 초당 4,500개의 쿼리를 처리했다고 밝혔다.
이는 경쟁 제품인 NVIDIA A2보다 1.4배 빠른 수치다.
ResNet-50에서는 초당 2만 장의 이미지를 처리했으며, 지연 시간은 0.24ms 수준이다.
ATOM의 소비전력은 60W에 불과하며, 전력 대비 성능은 A100의 3.4배에 달한다.
퓨리오사AI의 RNGD는 LLM 추론에서 Llama 2 70B 기준 H100 대비 전력 효율이 약 2.2배 높다고 회사 측은 설명했다.
리벨리온은 지난해 약 300억 원의 투자를 유치했다.
리벨리온은 ATOM 칩 2개를 묶은 서버 카드를 내년 상반기에 출시할 계획이며, 카드 한 장의 가격은 약 500만 원으로 예상된다.
회사 측은 데이터센터 고객사의 서버 전력 사용량이 절반으로 줄었다고 강조했다.
[광고] 무료 웹툰 보러가기 ▶ 100% 당첨 이벤트 bit.ly/xx99
관련 기사: 2023년 AI 반도체 시장 1부 · 2부
"""

PAGES["ko_gaudi2_lossy.txt"] = lose_letters("""인텔 가우디2, MLPerf 학습서 H100 추격
2023.06.28 | IT뉴스
인텔의 Gaudi2는 MLPerf Training 3.0에서 GPT-3 학습을 384개 가속기로 311.9분 만에 마쳤다.
같은 벤치마크에서 NVIDIA H100 3,584개 시스템은 10.94분을 기록했다.
Gaudi2는 BERT-Large 학습에서 A100 대비 1.7배 빠른 성능을 보였다.
인텔은 Gaudi2의 가격 대비 성능이 H100보다 약 40% 높다고 주장했다.
Gaudi2에는 96GB HBM2E 메모리가 탑재됐다.
인텔은 3분기에 FP8 소프트웨어를 적용하면 GPT-3 학습 시간이 두 배 빨라질 것으로 예상했다.
Stable Diffusion 학습에서는 Gaudi2 64개가 19.4분을 기록했고, ResNet-50은 Gaudi2 8개로 16.6분이 걸렸다.
인텔은 Gaudi2 서버 한 대 가격이 약 1억 원 수준이라고 설명했다.
관련 링크: https://www.example.co.kr/news/articleView.html?idxno=301234 (2023-06-28)
""")


PAGES["ko_mi300x_dropped.txt"] = """AMD MI300X, H200과 메모리 경쟁
2024.01.15 09:00 | 반도체 | 기자 박서연
AMD의 MI300X는 192GB HBM3 메모리를 탑재해 H100보다 2.4 많은 용량을 제공한다.
NVIDIA H200은 141GB HBM3e 메모리와 4.8TB/s 대역폭을 갖췄으며, Llama 2 70B 추론에서 H100 대비 1.9 빠른 성능을 낸다.
MI300X 8개로 구성한 서버는 Llama 2 70B에서 초당 2,530개의 토큰을 생성했다.
MI300X 가격은 1만5000달러 수준으로 알려졌다.
MI300X의 소비전력은 750W로, H100의 700W보다 50W 높다.
MI300X 서버는 Llama 2 70B 추론 지연 시간을 H100 서버보다 25% 줄였다.
MI300X의 FP16 연산 성능은 1.3 PFLOPS로, H100의 989 TFLOPS를 웃돈다.
AMD는 MI325X가 연내 출시되며 HBM3E 메모리를 256GB로 늘린다고 밝혔다.
업계는 올해 AMD의 AI 가속기 매출이 35 달러에 이를 것으로 본다.
"""

PAGES["ko_furiosa_rngd_table.txt"] = """퓨리오사AI 2세대 칩 RNGD, LLM 추론 성능 공개
2024.08.27 11:05 | 전자신문 | 기자 이수민
퓨리오사AI는 27일 2세대 AI 추론 칩 RNGD(레니게이드)의 성능을 공개했다.
RNGD는 48GB HBM3 메모리와 1.5TB/s 대역폭을 갖췄으며, 열설계전력(TDP)은 150W다.
회사에 따르면 RNGD는 Llama 2 7B 추론에서 초당 3,200개 토큰을 처리해 NVIDIA L40S보다 두 배 많은 처리량을 기록했다.
GPT-J 6B 기준으로는 L40S 대비 전력 효율이 2.5배 높다.
RNGD 카드 8장을 탑재한 서버의 전력은 3kW 수준이다.
아래는 회사가 공개한 벤치마크 결과다.
모델\t시스템\t처리량(토큰/초)\t지연 시간(ms)
Llama 2 7B\tRNGD\t3,200\t35
Llama 2 7B\tL40S\t1,600\t48
GPT-J\tRNGD\t2,100\t52
| 구분 | RNGD | L40S |
| 메모리(GB) | 48 | 48 |
| 전력(W) | 150 | 350 |
1세대 칩 워보이(Warboy)는 ResNet-50에서 초당 2,000장 이상의 이미지를 처리했으며, 가격은 약 200만 원이었다.
퓨리오사AI는 2017년 설립됐으며 누적 투자액은 약 1,700억 원이다.
기사 원문: https://www.etnews.example/20240827000123 · 사진=퓨리오사AI 제공(rngd_card_01.jpg)
"""

PAGES["zh_no_claims.txt"] = """<nav>首页 | 新闻 | 评测 | 下载中心 | 关于我们</nav>
MLPerf Training v4.0 提交指南(第2版)
更新日期:2024年5月8日 文档编号:MLC-TR-2024-03
一、概述
本轮测试项目包括ResNet-50、BERT-Large、RetinaNet、3D U-Net、GPT-3、Llama 2 70B和Stable Diffusion。
二、时间安排
提交截止时间为2024年5月10日,结果将于2024年6月12日公布。
三、下载
请从 https://github.com/mlcommons/training/tree/v4.0 下载文件 rules_v4.0.1.pdf,并参阅第5.3节。
参与厂商包括英伟达H100、谷歌TPU v5p、英特尔Gaudi2与华为昇腾910B。
四、联系方式
技术问题请发邮件至 training-chairs@mlcommons.org,或在GitHub提交issue #2231。
往届结果:v0.5(2018年)、v0.6(2019年)、v0.7(2020年)、v1.0(2021年)、v2.0(2022年)、v3.0(2023年)。
备案号:京ICP备12345678号-1 客服电话:400-810-0000
"""


def _damage() -> None:
    """Parts of two Chinese pages are read as GBK (mojibake), deterministically."""
    random.seed(7)
    page = PAGES["zh_b200_gb200.txt"].splitlines(keepends=True)
    # The header and one prose line come through the wrong codec; the rest is clean.
    page[1] = gbk_mojibake(page[1])
    page[4] = gbk_mojibake(page[4])
    PAGES["zh_b200_gb200.txt"] = "".join(page)


def write_pages(pages: dict[str, str]) -> None:
    """Write each page as UTF-8 into pages/ (every batch's builder calls this)."""
    out = HERE / "pages"
    out.mkdir(exist_ok=True)
    for name, text in pages.items():
        (out / name).write_text(text, encoding="utf-8")


def main() -> None:
    _damage()
    write_pages(PAGES)


if __name__ == "__main__":
    main()
