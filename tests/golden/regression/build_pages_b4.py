"""Fourth batch of regression pages, written after the batch-3 fixes and committed with their
gold before the extractor ran on them. Run: python tests/golden/regression/build_pages_b4.py
"""
from __future__ import annotations

from build_pages import lose_letters, write_pages  # run as a script from this folder

PAGES: dict[str, str] = {}


PAGES["b4_ko_lossy_b200_table.txt"] = lose_letters("""엔비디아 B200, MLPerf 추론 첫 등장
2024.08.29 | 반도체
엔비디아는 B200이 Llama 2 70B 추론에서 초당 10,755개의 토큰을 처리했다고 밝혔다.
이는 H100보다 4배 많은 처리량이다.
H200은 같은 테스트에서 초당 4,488개 토큰을 기록했다.
결과 요약
모델\tB200\tH200
Llama 2 70B (토큰/초)\t10,755\t4,488
Stable Diffusion XL (샘플/초)\t-\t13.8
엔비디아는 B200 가격을 약 4만 달러로 책정할 것으로 보인다.
""")

PAGES["b4_en_percent_shapes.txt"] = """Graphcore, Habana and NVIDIA: what changed between rounds
Analysis | 12 min | Updated: 2022-07-01
Graphcore says software alone cut its BERT time on the IPU-POD16 from 34.5 to 28.8 minutes, a gain of 16.5 per cent.
Habana’s Gaudi2 improved ResNet-50 training throughput three-fold over first-generation Gaudi.
NVIDIA’s A100 numbers rose between 1.5x and 2x over the previous round thanks to software, and the DGX A100 now costs $199k.
On RetinaNet, eight A100 GPUs need 2 hrs 10 min less than before.
The IPU-POD64 took 8.3 minutes for BERT; the IPU-POD128, 5.8 minutes; the IPU-POD256, 3.8 minutes.
Related coverage: 5 things to know about MLPerf 2.0 · Top 10 AI chips of 2022
"""

PAGES["b4_zh_pinyin_tpu.txt"] = """谷歌TPU v5e(gǔ gē)推理成本下降
2023年9月1日 来源:量子位
谷歌云宣布,TPU v5e每美元推理性能是TPU v4的2.5倍,每美元训练性能是其2倍。
单个TPU v5e芯片提供197 TFLOPS(每秒197万亿次)算力与16GB高带宽内存。
在Llama 2 70B推理测试中,TPU v5e集群每秒可生成约2100个token,延迟低于150毫秒。
TPU v5e的价格为每芯片每小时1.2美元,约合人民币8.7元。
目前已有超过100家企业客户在TPU v5e上运行AI工作负载。
扫码关注公众号 领取AI资料包 | 商务合作请联系 bd@qbitai.example
"""


def main() -> None:
    write_pages(PAGES)


if __name__ == "__main__":
    main()
