"""Second batch of regression pages, written after the first round of fixes and committed
with their gold before the extractor ran on them: a fresh check that the fixes made on
batch 1 generalise. Run: python tests/golden/regression/build_pages_b2.py
"""
from __future__ import annotations

from build_pages import write_pages  # run as a script from this folder



def cp1252_mojibake(s: str) -> str:
    """UTF-8 bytes read as Windows-1252 (’ becomes â€™), the commonest Latin damage."""
    return s.encode("utf-8").decode("cp1252", errors="replace")


def drop_syllables(s: str, syllables: tuple[str, ...]) -> str:
    """One-syllable Korean words lost: ' 약 ' and a counter glued to a number."""
    for syl in syllables:
        s = s.replace(f" {syl} ", " ").replace(f"{syl} ", " ")
    return s


PAGES: dict[str, str] = {}

PAGES["b2_en_sambanova_sn40l.txt"] = """<div class="breadcrumbs">Home › News › AI Chips</div>
<script async src="https://www.googletagmanager.com/gtag/js?id=UA-30125-4"></script>
SambaNova’s SN40L serves Llama 3 70B at 450 tokens per second
May 2, 2024 — by Priya Raman — 4 min read
SambaNova says a single SN40L node, built from 16 SN40L chips, serves Llama 3 8B at 1,100 tokens per second and Llama 3 70B at 450 tokens per second.
That is roughly three times the output speed of the fastest GPU cloud it tested, the company claims.
Each SN40L chip carries 64 GB of HBM and 1.5 TB of DDR memory, and the node draws around 10 kW.
Time to first token on Llama 3 70B was 0.2 seconds, versus 0.6 seconds on an 8-GPU H100 server.
SambaNova prices access at $0.60 per million tokens for Llama 3 70B.
| Metric | SN40L node | 8x H100 |
| Throughput (tokens/s) | 450 | 150 |
| Power (kW) | 10 | 10.2 |
Readers' comments (12) · Share · Print · Ref: SN-PR-2024-0502
"""

PAGES["b2_zh_cambricon_mlu590.txt"] = """寒武纪(hán wǔ jì)思元590训练卡实测
2024-03-05 14:22  来源:电子工程专辑  作者:张伟
据寒武纪披露,思元590(MLU590)采用7纳米工艺,FP16算力为314 TFLOPS,配备64GB HBM2e显存,显存带宽为1.6TB/s。
在ResNet-50训练测试中,单卡每秒处理约2,800张图像,性能达到A100的八成。
8卡MLU590服务器训练BERT-Large用时35分钟,比上一代MLU370快2.5倍。
整机功耗约为4.5千瓦,售价在60万至80万元之间。
测试数据如下:
模型	加速卡数量	训练时间(分钟)
ResNet-50	8	28
BERT-Large	8	35
【推荐阅读】点击领取免费流量卡 领券立减50元
(更新于2024年3月6日,原文链接 https://www.eet-china.example/news/202403051422.html)
"""

PAGES["b2_ko_dgx_h100_hbm.txt"] = drop_syllables("""엔비디아 DGX H100, 국내 첫 도입…학습 시간 3분의 1로
2023.09.12 10:31 | 산업 | 기자 정다은
국내 연구기관이 도입한 NVIDIA DGX H100은 H100 GPU 8개와 640GB HBM3 메모리를 탑재했다.
이 시스템은 GPT-3 175B 학습에서 기존 DGX A100보다 약 3 빠른 성능을 보였으며, 전력 소비는 최대 10.2kW다.
연구진에 따르면 ResNet-50 학습 시간은 DGX A100의 28분에서 DGX H100의 9.5분으로 줄었다.
BERT-Large 추론에서는 초당 1만 2000개의 시퀀스를 처리해 처리량이 두 배로 늘었다.
DGX H100 한 대의 가격은 약 6억 원이다.
| 항목 | DGX A100 | DGX H100 |
| GPU 메모리(GB) | 640 | 640 |
| FP8 성능(PFLOPS) | - | 32 |
※ 이 기사는 2023년 9월 12일 보도자료를 바탕으로 작성됐습니다. 문의 02-1234-5678
""", ("배",))

PAGES["b2_en_l40s_mojibake.txt"] = cp1252_mojibake("""NVIDIA’s L40S: the “universal” data-center GPU, tested
Posted 11/08/2023 · Hardware Review #219 · Page 1 of 2
NVIDIA’s L40S packs 48 GB of GDDR6 memory and is rated at 350 W.
In our Stable Diffusion XL test, the L40S generated an image in 3.1 seconds – about 1.2x faster than the A100 80GB, which needed 3.7 seconds.
Fine-tuning Llama 2 7B took 2.5 hours on four L40S cards, compared with 2 hours on four A100s.
At roughly $8,000 per card, the L40S costs about half as much as an H100.
The card’s 733 TFLOPS of FP8 compute (with sparsity) doubled the figure of the previous-generation A40.
Firmware 95.02.5C.00.01; driver 535.104.05; tested on Ubuntu 22.04.
""")


def main() -> None:
    write_pages(PAGES)


if __name__ == "__main__":
    main()
