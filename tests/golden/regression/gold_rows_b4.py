# Hand annotation of the batch-4 pages (build_pages_b4.py), same conventions as gold_rows.py.
G = {}
G["b4_ko_lossy_b200_table.txt"] = [
 ("10755","","unknown","throughput","B200","Llama 2 70B","exact",1,"B200? Llama 2 70B ???? ?? 10,755?? ???"),
 ("4","","unknown","speedup","","","exact",1,"?? H100?? 4? ?? ?????. (4배, 배 lost)"),
 ("4488","","unknown","throughput","H200","","exact",1,"H200? ?? ????? ?? 4,488? ???"),
 ("13.8","","unknown","throughput","H200","Stable Diffusion","exact",1,"Stable Diffusion XL (??/?)\\t-\\t13.8"),
 ("4","","unknown","price","B200","","approx",0,"B200 ??? ? 4? ??? (약 4만 달러, 만 lost)"),
]
G["b4_en_percent_shapes.txt"] = [
 ("34.5","min","duration","time_to_train","IPU-POD16","BERT","exact",1,"cut its BERT time on the IPU-POD16 from 34.5 to 28.8 minutes"),
 ("28.8","min","duration","time_to_train","IPU-POD16","BERT","exact",1,"from 34.5 to 28.8 minutes"),
 ("16.5","%","percent","improvement","IPU-POD16","BERT","exact",1,"a gain of 16.5 per cent"),
 ("3","x","factor","speedup","Gaudi2","ResNet-50","exact",1,"improved ResNet-50 training throughput three-fold"),
 ("1.5","x","factor","speedup","A100","","range",1,"rose between 1.5x and 2x"),
 ("2","x","factor","speedup","A100","","range",1,"rose between 1.5x and 2x"),
 ("199000","USD","money","price","DGX A100","","exact",1,"the DGX A100 now costs $199k"),
 ("8","count","count","count","A100","RetinaNet","exact",0,"eight A100 GPUs"),
 ("2","h","duration","time_to_train","A100","RetinaNet","exact",0,"2 hrs 10 min less"),
 ("10","min","duration","time_to_train","A100","RetinaNet","exact",0,"2 hrs 10 min less"),
 ("8.3","min","duration","time_to_train","IPU-POD64","BERT","exact",1,"The IPU-POD64 took 8.3 minutes for BERT"),
 ("5.8","min","duration","time_to_train","IPU-POD128","BERT","exact",1,"the IPU-POD128, 5.8 minutes"),
 ("3.8","min","duration","time_to_train","IPU-POD256","BERT","exact",1,"the IPU-POD256, 3.8 minutes"),
]
G["b4_zh_pinyin_tpu.txt"] = [
 ("2.5","x","factor","perf_per_price","TPU v5e","","exact",1,"TPU v5e每美元推理性能是TPU v4的2.5倍"),
 ("2","x","factor","perf_per_price","TPU v5e","","exact",1,"每美元训练性能是其2倍"),
 ("197","TFLOPS","compute","compute","TPU v5e","","exact",1,"单个TPU v5e芯片提供197 TFLOPS"),
 ("197000000000000","","unknown","compute","TPU v5e","","exact",0,"(每秒197万亿次)"),
 ("16","GB","data_size","memory","TPU v5e","","exact",1,"16GB高带宽内存"),
 ("2100","tokens/s","throughput","throughput","TPU v5e","Llama 2 70B","approx",1,"TPU v5e集群每秒可生成约2100个token"),
 ("150","ms","duration","latency","TPU v5e","Llama 2 70B","at_most",1,"延迟低于150毫秒"),
 ("1.2","USD","money","price","TPU v5e","","exact",1,"每芯片每小时1.2美元"),
 ("8.7","CNY","money","price","TPU v5e","","approx",1,"约合人民币8.7元"),
 ("100","count","count","count","","","at_least",0,"超过100家企业客户"),
]

if __name__ == "__main__":
    import csv
    from pathlib import Path
    import gold_rows
    import gold_rows_b2
    import gold_rows_b3
    out = Path(__file__).parent / "claims.csv"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow("doc_id,value,unit,quantity,metric,system,workload,qualifier,required,evidence".split(","))
        for g in (gold_rows.G, gold_rows_b2.G, gold_rows_b3.G, G):
            for doc, rows in g.items():
                assert (out.parent / "pages" / doc).exists(), doc
                for r in rows:
                    w.writerow([doc, *r])
