# Hand annotation of the batch-2 pages (build_pages_b2.py), same conventions as gold_rows.py.
G = {}
G["b2_en_sambanova_sn40l.txt"] = [
 ("16","count","count","count","SN40L","","exact",0,"built from 16 SN40L chips"),
 ("1100","tokens/s","throughput","throughput","SN40L","Llama 3 8B","exact",1,"serves Llama 3 8B at 1,100 tokens per second"),
 ("450","tokens/s","throughput","throughput","SN40L","Llama 3 70B","exact",1,"Llama 3 70B at 450 tokens per second"),
 ("3","x","factor","speedup","","","approx",1,"roughly three times the output speed of the fastest GPU cloud"),
 ("64","GB","data_size","memory","SN40L","","exact",1,"Each SN40L chip carries 64 GB of HBM"),
 ("1.5","TB","data_size","memory","SN40L","","exact",1,"1.5 TB of DDR memory"),
 ("10","kW","power","other","SN40L","","approx",1,"the node draws around 10 kW"),
 ("0.2","s","duration","latency","","Llama 3 70B","exact",1,"Time to first token on Llama 3 70B was 0.2 seconds"),
 ("0.6","s","duration","latency","H100","Llama 3 70B","exact",1,"versus 0.6 seconds on an 8-GPU H100 server"),
 ("8","count","count","count","H100","","exact",0,"an 8-GPU H100 server"),
 ("0.6","USD","money","price","","Llama 3 70B","exact",1,"$0.60 per million tokens for Llama 3 70B"),
 ("150","tokens/s","throughput","throughput","H100","","exact",1,"| Throughput (tokens/s) | 450 | 150 |"),
 ("10.2","kW","power","other","H100","","exact",1,"| Power (kW) | 10 | 10.2 |"),
]
G["b2_zh_cambricon_mlu590.txt"] = [
 ("7","","unknown","other","","","exact",0,"采用7纳米工艺"),
 ("314","TFLOPS","compute","compute","MLU590","","exact",1,"FP16算力为314 TFLOPS"),
 ("64","GB","data_size","memory","MLU590","","exact",1,"配备64GB HBM2e显存"),
 ("1.6","TB/s","bandwidth","memory","MLU590","","exact",1,"显存带宽为1.6TB/s"),
 ("2800","images/s","throughput","throughput","","ResNet-50","approx",1,"单卡每秒处理约2,800张图像"),
 ("80","%","percent","other","","ResNet-50","exact",1,"性能达到A100的八成"),
 ("8","count","count","count","MLU590","BERT-Large","exact",0,"8卡MLU590服务器"),
 ("35","min","duration","time_to_train","MLU590","BERT-Large","exact",1,"训练BERT-Large用时35分钟"),
 ("2.5","x","factor","speedup","MLU590","BERT-Large","exact",1,"比上一代MLU370快2.5倍"),
 ("4.5","kW","power","other","","","approx",1,"整机功耗约为4.5千瓦"),
 ("600000","CNY","money","price","","","range",1,"售价在60万至80万元之间"),
 ("800000","CNY","money","price","","","range",1,"售价在60万至80万元之间"),
 ("28","min","duration","time_to_train","","ResNet-50","exact",1,"ResNet-50\\t8\\t28"),
]
G["b2_ko_dgx_h100_hbm.txt"] = [
 ("0.3333","ratio","ratio","other","DGX H100","","exact",1,"학습 시간 3분의 1로"),
 ("8","count","count","count","DGX H100","","exact",0,"H100 GPU 8개"),
 ("640","GB","data_size","memory","DGX H100","","exact",1,"640GB HBM3 메모리를 탑재"),
 ("640","GB","data_size","memory","DGX A100","","exact",0,"| GPU 메모리(GB) | 640 | 640 |"),
 ("3","","unknown","speedup","DGX H100","GPT-3","approx",1,"이 시스템은 GPT-3 175B 학습에서 기존 DGX A100보다 약 3 빠른 (배 dropped)"),
 ("10.2","kW","power","other","DGX H100","","at_most",1,"전력 소비는 최대 10.2kW"),
 ("28","min","duration","time_to_train","DGX A100","ResNet-50","exact",1,"DGX A100의 28분에서"),
 ("9.5","min","duration","time_to_train","DGX H100","ResNet-50","exact",1,"DGX H100의 9.5분으로"),
 ("12000","sequences/s","throughput","throughput","","BERT-Large","exact",1,"초당 1만 2000개의 시퀀스를 처리"),
 ("2","x","factor","speedup","","BERT-Large","exact",1,"처리량이 두 배로 늘었다"),
 ("600000000","KRW","money","price","DGX H100","","approx",1,"DGX H100 한 대의 가격은 약 6억 원"),
 ("32","PFLOPS","compute","compute","DGX H100","","exact",1,"| FP8 성능(PFLOPS) | - | 32 |"),
]
G["b2_en_l40s_mojibake.txt"] = [
 ("48","GB","data_size","memory","L40S","","exact",1,"L40S packs 48 GB of GDDR6 memory"),
 ("350","W","power","other","L40S","","exact",1,"is rated at 350 W"),
 ("3.1","s","duration","latency","L40S","Stable Diffusion","exact",1,"the L40S generated an image in 3.1 seconds"),
 ("1.2","x","factor","speedup","L40S","Stable Diffusion","approx",1,"about 1.2x faster than the A100 80GB"),
 ("80","GB","data_size","memory","A100","","exact",0,"the A100 80GB"),
 ("3.7","s","duration","latency","A100","Stable Diffusion","exact",1,"which needed 3.7 seconds"),
 ("2.5","h","duration","time_to_train","L40S","Llama 2 7B","exact",1,"Fine-tuning Llama 2 7B took 2.5 hours on four L40S cards"),
 ("4","count","count","count","L40S","Llama 2 7B","exact",0,"four L40S cards"),
 ("2","h","duration","time_to_train","A100","Llama 2 7B","exact",1,"compared with 2 hours on four A100s"),
 ("8000","USD","money","price","L40S","","approx",1,"At roughly $8,000 per card, the L40S"),
 ("0.5","ratio","ratio","other","","","approx",0,"about half as much as an H100"),
 ("733","TFLOPS","compute","compute","L40S","","exact",1,"The card's 733 TFLOPS of FP8 compute"),
 ("2","x","factor","other","L40S","","exact",1,"doubled the figure of the previous-generation A40"),
]

if __name__ == "__main__":
    import csv
    from pathlib import Path
    import gold_rows
    out = Path(__file__).parent / "claims.csv"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow("doc_id,value,unit,quantity,metric,system,workload,qualifier,required,evidence".split(","))
        for doc, rows in list(gold_rows.G.items()) + list(G.items()):
            assert (out.parent / "pages" / doc).exists(), doc
            for r in rows:
                w.writerow([doc, *r])
