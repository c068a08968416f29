# Hand annotation of the batch-3 pages (build_pages_b3.py), same conventions as gold_rows.py.
G = {}
G["b3_en_tpu_v4_list.txt"] = [
 ("0.82","min","duration","time_to_train","TPU v4","BERT","exact",1,"1. BERT: 0.82 minutes on 4,096 TPU v4 chips"),
 ("4096","count","count","count","TPU v4","","exact",0,"4,096 TPU v4 chips"),
 ("0.48","min","duration","time_to_train","TPU v4","ResNet-50","exact",1,"2. ResNet-50: 0.48 minutes on 4,096 TPU v4 chips"),
 ("3.8","min","duration","time_to_train","","Mask R-CNN","exact",1,"3. Mask R-CNN: 3.8 minutes"),
 ("0.39","min","duration","time_to_train","","DLRM","exact",1,"DLRM: 0.39 minutes on 128 chips"),
 ("128","count","count","count","","DLRM","exact",0,"on 128 chips"),
 ("1.2","x","factor","speedup","TPU v4","","range",1,"TPU v4 was 1.2x to 1.7x faster than the A100-based submissions"),
 ("1.7","x","factor","speedup","TPU v4","","range",1,"TPU v4 was 1.2x to 1.7x faster than the A100-based submissions"),
 ("1","EFLOPS","compute","compute","TPU v4","","at_least",1,"more than 1 exaFLOPS of peak compute"),
 ("275","TFLOPS","compute","compute","TPU v4","","exact",1,"each chip offers 275 TFLOPS of bf16"),
 ("1.3","x","factor","other","TPU v4","","approx",1,"TPU v4 used ~1.3x less power than the A100"),
]
G["b3_zh_hant_gaudi2_price.txt"] = [
 ("8","count","count","count","Gaudi2","","exact",0,"8卡伺服器"),
 ("10000000","TWD","money","price","Gaudi2","","approx",1,"8卡伺服器報價約新台幣1,000萬元"),
 ("400000","TWD","money","price","Gaudi2","","approx",1,"單卡約40萬元 (新台幣 named earlier in the sentence)"),
 ("2","x","factor","other","Gaudi2","GPT-3","approx",1,"Gaudi2在GPT-3訓練上的每瓦效能比A100高出約2倍"),
 ("30","%","percent","improvement","Gaudi2","Stable Diffusion","exact",1,"在Stable Diffusion推論上延遲降低30%"),
 ("96","GB","data_size","memory","Gaudi2","","exact",1,"Gaudi2搭載96GB HBM2E記憶體"),
 ("600","W","power","other","Gaudi2","","exact",1,"TDP為600瓦"),
 ("384","count","count","count","Gaudi2","GPT-3","exact",0,"由384顆Gaudi2組成的系統"),
 ("311.9","min","duration","time_to_train","Gaudi2","GPT-3","exact",1,"完成GPT-3訓練只需311.9分鐘"),
 ("4","x","factor","speedup","Gaudi3","","exact",1,"Gaudi3將把AI算力提升至4倍"),
 ("1.5","x","factor","other","Gaudi3","","exact",1,"記憶體頻寬提升至1.5倍"),
 ("20","count","count","count","","","at_least",0,"超過20家台灣企業導入Gaudi2"),
]
G["b3_ko_rebel_table.txt"] = [
 ("144","GB","data_size","memory","REBEL","","exact",1,"REBEL은 HBM3E 메모리 144GB를 탑재"),
 ("4.8","TB/s","bandwidth","memory","REBEL","","at_most",1,"메모리 대역폭은 최대 4.8TB/s"),
 ("2","x","factor","other","REBEL","Llama 3 70B","at_most",1,"REBEL이 Llama 3 70B 추론에서 H100보다 최대 2배 높은 전력 효율"),
 ("4","x","factor","speedup","","","approx",1,"ATOM과 비교하면 추론 성능은 약 4배 향상"),
 ("16","GB","data_size","memory","ATOM","","exact",1,"메모리(GB)\\t16\\t144"),
 ("60","W","power","other","ATOM","","exact",1,"전력(W)\\t60\\t350"),
 ("350","W","power","other","REBEL","","exact",1,"전력(W)\\t60\\t350"),
 ("150000000000","KRW","money","other","","","approx",0,"약 1,500억 원을 투자"),
 ("10","%","percent","other","","","at_least",0,"시장 점유율 10% 이상"),
]
G["b3_en_h100_vs_mi300x_blog.txt"] = [
 ("8","count","count","count","","","exact",0,"two 8-GPU servers"),
 ("64","count","count","other","","","exact",0,"At batch size 64"),
 ("2700","tokens/s","throughput","throughput","MI300X","Llama 2 70B","exact",1,"the MI300X server reached 2,700 tokens/s"),
 ("2250","tokens/s","throughput","throughput","H100","Llama 2 70B","exact",1,"versus 2,250 tokens/s for the H100 server"),
 ("20","%","percent","improvement","MI300X","Llama 2 70B","exact",1,"a 20% advantage"),
 ("28","ms","duration","latency","H100","Llama 2 70B","exact",1,"the H100 server answered in 28 ms per token"),
 ("34","ms","duration","latency","MI300X","Llama 2 70B","exact",1,"against 34 ms on the MI300X"),
 ("192","GB","data_size","memory","MI300X","","exact",1,"The MI300X's 192 GB"),
 ("70000000000","count","count","count","","Llama 2 70B","exact",0,"the whole 70B model"),
 ("80","GB","data_size","memory","H100","","exact",1,"the H100 (80 GB)"),
 ("2","count","count","count","H100","","at_least",0,"needs at least two"),
 ("2.1","USD","money","price","MI300X","","exact",1,"Renting the MI300X server cost us $2.10 per GPU-hour"),
 ("10","%","percent","perf_per_price","H100","","exact",1,"the H100 server was 10% cheaper"),
 ("3","count","count","other","","","exact",0,"3 runs each"),
]

if __name__ == "__main__":
    import csv
    from pathlib import Path
    import gold_rows
    import gold_rows_b2
    out = Path(__file__).parent / "claims.csv"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow("doc_id,value,unit,quantity,metric,system,workload,qualifier,required,evidence".split(","))
        for doc, rows in list(gold_rows.G.items()) + list(gold_rows_b2.G.items()) + list(G.items()):
            assert (out.parent / "pages" / doc).exists(), doc
            for r in rows:
                w.writerow([doc, *r])
